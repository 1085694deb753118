import FormSelect from 'react-bootstrap/FormSelect';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n/i18n';

/** English is value 0 and Italiano value 1, as in the deployed selector (deployed-system.md §P2.2). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = Math.max(0, LANGUAGES.indexOf(i18n.language as (typeof LANGUAGES)[number]));
  return (
    <FormSelect
      size="sm"
      className="language-select"
      aria-label={t('language.label')}
      value={current}
      onChange={(event) => {
        const language = LANGUAGES[Number(event.target.value)] ?? 'en';
        void i18n.changeLanguage(language);
      }}
    >
      {LANGUAGES.map((language, index) => (
        <option key={language} value={index}>
          {t(`language.${language}`)}
        </option>
      ))}
    </FormSelect>
  );
}
