import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { PlaceholderPanel } from '@/components/placeholder-panel';

export function IconsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.icons')} />
      <div className="container">
        <PlaceholderPanel />
      </div>
    </>
  );
}
