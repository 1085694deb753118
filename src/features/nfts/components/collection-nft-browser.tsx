import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { collectionNftsQueryOptions, useCollectionNfts } from '@/features/nfts/api/get-collection-nfts';
import { marketItemFor } from '@/features/nfts/api/get-market-items';
import { useNftStatuses } from '@/features/nfts/api/get-nft-statuses';
import { useCollectionSearch } from '@/features/nfts/api/search-collection-nfts';
import {
  arrangeNfts,
  BROWSE_SORTS,
  parseBrowse,
  withBrowse,
  withStatuses,
  type BrowseChoice,
  type BrowseSort,
} from '@/features/nfts/hooks/collection-browse';
import { useInfiniteScroll } from '@/lib/hooks/use-infinite-scroll';
import { useCardOffers } from '@/features/nfts/hooks/use-card-offers';
import type { Nft } from '@/lib/cms/types';
import { NftList } from './nft-list';
import { NftSearchBox } from './nft-search-box';
import { StatusFilter } from './status-filter';

/**
 * The collection page's item area: search (on Enter), status filter, order and "Buy now only", and the paged grid
 * with infinite scroll. A search replaces the paged list; an empty search returns to it. The choice is kept in the
 * URL (collection-browse.ts). An order other than token id, or "Buy now only", needs every item: the pages are then
 * read to the end before the grid is shown, since prices and listings come from the chain, not from the CMS's order.
 */
export function CollectionNftBrowser({
  collectionId,
  contract,
  filtersOpen,
}: {
  collectionId: number;
  /** The collection's contract, for rows that do not name theirs. */
  contract: string | null;
  /** Below the large breakpoint the status filter shows only when the page's details are open. */
  filtersOpen: boolean;
}) {
  const { t } = useTranslation('collection');
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseBrowse(params), [params]);
  // The controls answer at once; the URL follows in a transition (React Router 7), which would otherwise leave a
  // ticked box unticked until it commits. A new URL (Back, a shared link) wins.
  const [choice, setChoice] = useState(fromUrl);
  const [urlSeen, setUrlSeen] = useState(fromUrl);
  if (urlSeen !== fromUrl) {
    setUrlSeen(fromUrl);
    setChoice(fromUrl);
  }
  // The choice on screen, for the next change: the URL React Router hands a functional update is the one of its
  // last render, so two quick changes (an order, then Buy now only) built on it would lose the first.
  const shownChoice = useRef(choice);
  useLayoutEffect(() => {
    shownChoice.current = choice;
  }, [choice]);
  // Replace, not push: Back leaves the page (and, from an NFT, comes back to this very choice).
  const choose = useCallback(
    (change: Partial<BrowseChoice>) => {
      const next = { ...shownChoice.current, ...change };
      shownChoice.current = next;
      setChoice(next);
      setParams((current) => withBrowse(current, next), { replace: true });
    },
    [setParams],
  );
  const { search, statuses, sort, buyNow } = choice;
  const queryClient = useQueryClient();
  const changeStatuses = (next: number[]) => {
    // Start the list for the new ticks from page 1 even when it was loaded further before.
    queryClient.removeQueries({
      queryKey: collectionNftsQueryOptions({ collectionId, statuses: next }).queryKey,
      exact: true,
    });
    choose({ statuses: next });
  };
  const statusList = useNftStatuses();
  const paged = useCollectionNfts({ collectionId, statuses });
  const found = useCollectionSearch({ collectionId, text: search });
  const searching = search.length > 0;
  const wholeList = sort !== 'token' || buyNow;

  // Every page, one after the other, while an order or "Buy now only" is chosen.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paged;
  const readingAll = wholeList && !searching && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (readingAll && !isFetchingNextPage) void fetchNextPage();
  }, [readingAll, isFetchingNextPage, fetchNextPage]);

  const canLoadMore = !searching && !wholeList && hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  const sentinel = useInfiniteScroll<HTMLDivElement>(loadMore, canLoadMore);

  const active = searching ? found : paged;
  const pages = paged.data?.pages;
  // The same array until a page arrives, so the grid and its cards do not re-render for nothing.
  const pagedNfts = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const foundNfts = found.data?.items;
  const nfts = useMemo(
    () => (searching ? (foundNfts ? withStatuses(foundNfts, statuses) : undefined) : pagedNfts),
    [searching, foundNfts, statuses, pagedNfts],
  );
  const { market, offerFor } = useCardOffers(nfts, contract);
  const items = market.data;
  const shown = useMemo(() => {
    if (!nfts || !wholeList) return nfts;
    return arrangeNfts(nfts, { sort, buyNow }, (nft: Nft) => {
      const offer = offerFor(nft);
      const item = offer.listed
        ? marketItemFor(items, nft.collection?.contractAddress ?? contract, nft.tokenId)
        : undefined;
      return { ...offer, itemId: item?.itemId ?? null };
    });
  }, [nfts, wholeList, sort, buyNow, offerFor, items, contract]);
  // An order by price or listing, or the listed only, means nothing before the chain's listings are in.
  const waiting = active.isPending || readingAll || (wholeList && market.isPending);

  return (
    <div className="row g-4 collection-browser">
      <aside
        className={`col-12 col-lg-3 collection-filters${filtersOpen ? '' : ' is-collapsed'}`}
        id="collection-filters"
      >
        <h2 className="h5">{t('filters.title')}</h2>
        {statusList.isError ? (
          <ErrorState onRetry={() => void statusList.refetch()} />
        ) : (
          <StatusFilter statuses={statusList.data ?? []} selected={statuses} onChange={changeStatuses} />
        )}
      </aside>
      <section className="col-12 col-lg-9" aria-label={t('grid.label')}>
        <NftSearchBox initial={search} onSearch={(text) => choose({ search: text })} />
        <div className="collection-toolbar mt-2">
          <label className="collection-sort">
            <span className="text-muted-tm">{t('sort.label')}</span>
            <select
              className="form-select form-select-sm"
              value={sort}
              onChange={(event) => choose({ sort: event.target.value as BrowseSort })}
            >
              {BROWSE_SORTS.map((key) => (
                <option key={key} value={key}>
                  {t(`sort.${key}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="form-check form-switch mb-0">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="collection-buy-now"
              checked={buyNow}
              onChange={(event) => choose({ buyNow: event.target.checked })}
            />
            <label className="form-check-label" htmlFor="collection-buy-now">
              {t('sort.buyNow')}
            </label>
          </div>
        </div>
        {searching ? <p className="text-muted-tm mt-2 mb-0">{t('search.results', { text: search })}</p> : null}
        <div className="mt-3">
          {waiting && !(active.isError && !nfts) ? (
            <LoadingSkeleton variant="cards" rows={4} />
          ) : active.isError && !nfts ? (
            <ErrorState onRetry={() => void active.refetch()} />
          ) : (
            <NftList nfts={shown ?? []} offerFor={offerFor} empty="item" windowed />
          )}
        </div>
        {wholeList && !searching && isFetchNextPageError ? (
          <ErrorState message={t('grid.loadMoreFailed')} onRetry={() => void fetchNextPage()} />
        ) : null}
        {!searching && !wholeList && hasNextPage ? (
          <div className="text-center mt-3">
            <div ref={sentinel} aria-hidden="true" />
            {isFetchNextPageError ? <ErrorState message={t('grid.loadMoreFailed')} /> : null}
            <button
              type="button"
              className="btn btn-outline-light"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? t('grid.loadingMore') : t('grid.loadMore')}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
