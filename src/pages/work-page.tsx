import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { PlaceholderPanel } from '@/components/placeholder-panel';

export function WorkPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.work')} />
      <div className="container">
        <PlaceholderPanel />
      </div>
    </>
  );
}
