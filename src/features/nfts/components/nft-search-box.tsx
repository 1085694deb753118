import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Searches only when Enter is pressed (deployed-system.md §P5); typing alone sends nothing. */
export function NftSearchBox({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation('collection');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="nft-search">
      <label htmlFor="collection-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="collection-search"
        type="search"
        className="form-control"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
    </form>
  );
}
