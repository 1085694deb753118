import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { useExploreCollections } from '@/features/collections/api/get-explore-collections';
import type { Category } from '@/lib/cms/types';
import { useCmsLabels } from '@/lib/i18n/cms-labels';
import { CollectionCard } from './collection-card';

function ExploreGrid({ categoryId }: { categoryId: number | null }) {
  const query = useExploreCollections(categoryId);
  if (query.isPending) return <LoadingSkeleton variant="cards" rows={4} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState variant="items" />;
  return (
    <ul className="collection-grid list-unstyled">
      {query.data.map((collection, index) => (
        <li key={collection.id}>
          <CollectionCard collection={collection} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "All" plus one tab per category. react-bootstrap renders a WAI-ARIA tablist (arrow keys move
 * between tabs); a tab's collections load only when it is first opened.
 */
export function ExploreTabs({ categories }: { categories: Category[] }) {
  const { t } = useTranslation('explore');
  const labels = useCmsLabels();
  return (
    <Tabs
      defaultActiveKey="all"
      id="explore-tabs"
      className="explore-tabs mb-4"
      mountOnEnter
      aria-label={t('tabsLabel')}
    >
      <Tab eventKey="all" title={t('all')}>
        <ExploreGrid categoryId={null} />
      </Tab>
      {categories.map((category) => (
        <Tab key={category.id} eventKey={String(category.id)} title={labels.category(category.name)}>
          <ExploreGrid categoryId={category.id} />
        </Tab>
      ))}
    </Tabs>
  );
}
