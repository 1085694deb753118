import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { IconCatalogue } from '@/features/content/components/icon-catalogue';

export function IconsPage() {
  const { t } = useTranslation('icons');
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        <IconCatalogue />
      </div>
    </>
  );
}
