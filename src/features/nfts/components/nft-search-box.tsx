import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Searches only when Enter is pressed (deployed-system.md §P5); typing alone sends nothing. */
export function NftSearchBox({ initial = '', onSearch }: { initial?: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('collection');
  const [text, setText] = useState(initial);
  // The URL's search changed (Back, a link): the box shows it, without remounting (which would drop the focus).
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
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
