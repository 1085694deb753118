import { useTranslation } from 'react-i18next';

/** Stands in for a screen whose feature is not built yet; the page title above it is real. */
export function PlaceholderPanel() {
  const { t } = useTranslation();
  return (
    <div className="surface placeholder-panel">
      <p className="mb-0 text-muted-tm">{t('placeholder')}</p>
    </div>
  );
}
