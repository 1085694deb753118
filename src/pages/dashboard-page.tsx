import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { NaturaCards } from '@/features/dashboard/components/natura-cards';
import { NftCollectionsTable } from '@/features/dashboard/components/nft-collections-table';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBanner title={t('pages.dashboard')} />
      <div className="container py-4">
        <NaturaCards />
        <NftCollectionsTable />
      </div>
    </>
  );
}
