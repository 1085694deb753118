import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { collectionNftsQueryOptions, useCollectionNfts } from '@/features/nfts/api/get-collection-nfts';
import { useNftStatuses } from '@/features/nfts/api/get-nft-statuses';
import { useCollectionSearch } from '@/features/nfts/api/search-collection-nfts';
import { useInfiniteScroll } from '@/lib/hooks/use-infinite-scroll';
import { useCardOffers } from '@/features/nfts/hooks/use-card-offers';
import { NftList } from './nft-list';
import { NftSearchBox } from './nft-search-box';
import { StatusFilter } from './status-filter';

/**
 * The collection page's item area: search (on Enter), status filter, and the paged grid with
 * infinite scroll. A search replaces the paged list; an empty search returns to it.
 */
export function CollectionNftBrowser({
  collectionId,
  contract,
}: {
  collectionId: number;
  /** The collection's contract, for rows that do not name theirs. */
  contract: string | null;
}) {
  const { t } = useTranslation('collection');
  const [search, setSearch] = useState('');
  // A different set of ticks is a different query key, so the list starts again at page 1.
  const [statuses, setStatuses] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const changeStatuses = (next: number[]) => {
    // Start the list for the new ticks from page 1 even when it was loaded further before.
    queryClient.removeQueries({
      queryKey: collectionNftsQueryOptions({ collectionId, statuses: next }).queryKey,
      exact: true,
    });
    setStatuses(next);
  };
  const statusList = useNftStatuses();
  const paged = useCollectionNfts({ collectionId, statuses });
  const found = useCollectionSearch({ collectionId, text: search });
  const searching = search.length > 0;

  const canLoadMore = !searching && paged.hasNextPage && !paged.isFetchingNextPage && !paged.isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void paged.fetchNextPage();
  };
  const sentinel = useInfiniteScroll<HTMLDivElement>(loadMore, canLoadMore);

  const active = searching ? found : paged;
  const pages = paged.data?.pages;
  // The same array until a page arrives, so the grid and its cards do not re-render for nothing.
  const pagedNfts = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const nfts = searching ? found.data?.items : pagedNfts;
  const { offerFor } = useCardOffers(nfts, contract);

  return (
    <div className="row g-4 collection-browser">
      <aside className="col-12 col-lg-3">
        <h2 className="h5">{t('filters.title')}</h2>
        {statusList.isError ? (
          <ErrorState onRetry={() => void statusList.refetch()} />
        ) : (
          <StatusFilter statuses={statusList.data ?? []} selected={statuses} onChange={changeStatuses} />
        )}
      </aside>
      <section className="col-12 col-lg-9" aria-label={t('grid.label')}>
        <NftSearchBox onSearch={setSearch} />
        {searching ? <p className="text-muted-tm mt-2 mb-0">{t('search.results', { text: search })}</p> : null}
        <div className="mt-3">
          {active.isPending ? (
            <LoadingSkeleton variant="cards" rows={4} />
          ) : active.isError && !nfts ? (
            <ErrorState onRetry={() => void active.refetch()} />
          ) : (
            <NftList nfts={nfts ?? []} offerFor={offerFor} empty="item" windowed />
          )}
        </div>
        {!searching && paged.hasNextPage ? (
          <div className="text-center mt-3">
            <div ref={sentinel} aria-hidden="true" />
            {paged.isFetchNextPageError ? <ErrorState message={t('grid.loadMoreFailed')} /> : null}
            <button
              type="button"
              className="btn btn-outline-light"
              disabled={paged.isFetchingNextPage}
              onClick={() => void paged.fetchNextPage()}
            >
              {paged.isFetchingNextPage ? t('grid.loadingMore') : t('grid.loadMore')}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
