import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { useCategories } from '@/features/collections/api/get-categories';
import { ExploreTabs } from '@/features/collections/components/explore-tabs';
import { QueryState } from '@/features/content/components/query-state';

export function ExplorePage() {
  const { t } = useTranslation('explore');
  const categories = useCategories();
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        <QueryState query={categories}>{(list) => <ExploreTabs categories={list} />}</QueryState>
      </div>
    </>
  );
}
