import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { leadImage, type ImageSources } from '@/components/app-image';
import { categoriesQueryOptions } from '@/features/collections/api/get-categories';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { collectionItemCountQueryOptions } from '@/features/collections/api/get-collection-item-count';
import { comingSoonCollectionsQueryOptions } from '@/features/collections/api/get-coming-soon-collections';
import { exploreCollectionsQueryOptions } from '@/features/collections/api/get-explore-collections';
import { featuredCollectionsQueryOptions } from '@/features/collections/api/get-featured-collections';
import { heroCollectionQueryOptions } from '@/features/collections/api/get-hero-collection';
import { bannerSources, tileSources } from '@/features/collections/components/image-sources';
import { dashboardCollectionsQueryOptions } from '@/features/dashboard/api/get-dashboard-collections';
import { lastTradePricesQueryOptions } from '@/features/dashboard/api/get-last-trade-prices';
import { naturaBalancesQueryOptions } from '@/features/dashboard/api/get-natura-balances';
import { collectionNftsQueryOptions } from '@/features/nfts/api/get-collection-nfts';
import { marketItemsQueryOptions } from '@/features/nfts/api/get-market-items';
import { nftQueryOptions } from '@/features/nfts/api/get-nft';
import { nftStatusesQueryOptions } from '@/features/nfts/api/get-nft-statuses';
import { nftTransactionsQueryOptions } from '@/features/nfts/api/get-nft-transactions';
import { tokenOwnerQueryOptions } from '@/features/nfts/api/get-token-owner';
import { poolSummariesQueryOptions } from '@/features/staking/api/get-pool-summaries';
import { swapOrdersQueryOptions } from '@/features/swap/api/get-swap-orders';
import { parseRouteId } from '@/lib/route-params';

/**
 * What each route reads, started when navigation starts (router.tsx), in parallel with the route's code; a route names
 * its starter in the route table (routes.ts `data`). The page
 * then finds its reads in flight or done instead of starting them after it has loaded and rendered. The query
 * options are the ones the page's hooks use, so the page and its start share one request and one cache entry.
 *
 * - CMS reads use modules that are light (no ethers): they are imported here, so the request leaves at once.
 * - Chain reads whose module holds ethers are imported on demand: ethers loads beside the page's code, never in
 *   front of a CMS request, and a page that only shows CMS content never waits for it. The staking pools and the
 *   order book import their contract code inside the read, so their query modules are light and imported here.
 * - A read that needs another's answer (the owner of the NFT's token, the dashboard's figures per collection)
 *   starts as soon as that answer is in. A failure is left to the page's own hook, which shows it.
 * - The route's largest image (its LCP element) is preloaded as soon as the CMS answer names it, while the page's
 *   code may still be loading (`leadImage`, with the sources the page's component uses); the page's other images
 *   and deferred sections wait until it has been painted.
 */
export type RouteData = (
  queryClient: QueryClient,
  params: Readonly<Params>,
  session: { account: string | null },
) => void;

/**
 * Starts `options` unless the cache already has (or is fetching) its key: what `usePrefetchQuery` does. `lead` names
 * the route's largest image in the answer of a read it started: it is preloaded, and the page's other images wait
 * for it (a failure is left to the page's hook, and releases them).
 */
function start<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
  lead?: (data: T) => ImageSources | null | undefined,
): void {
  if (queryClient.getQueryState(options.queryKey) !== undefined) return;
  const read = queryClient.fetchQuery(options);
  if (lead) leadImage(read.then(lead, () => undefined));
  else void read.catch(() => undefined);
}

/** `options`' data, from the cache or a request shared with every other reader; undefined when it fails. */
function answer<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T | undefined> {
  return queryClient.ensureQueryData(options).catch(() => undefined);
}

const homeData: RouteData = (queryClient) => {
  start(queryClient, featuredCollectionsQueryOptions());
  start(queryClient, comingSoonCollectionsQueryOptions());
  start(queryClient, heroCollectionQueryOptions(), (hero) => hero && bannerSources(hero));
};

const exploreData: RouteData = (queryClient) => {
  start(queryClient, categoriesQueryOptions());
  // The "All" tab opens first.
  // The first tile is the largest image on a phone.
  start(queryClient, exploreCollectionsQueryOptions(null), ([first]) => first && tileSources(first));
};

const collectionData: RouteData = (queryClient, params) => {
  const id = parseRouteId(params.collectionId);
  if (id === null) return;
  start(queryClient, collectionQueryOptions(id), bannerSources);
  start(queryClient, collectionItemCountQueryOptions(id));
  start(queryClient, nftStatusesQueryOptions());
  // The grid opens on page 1 with no status ticked; its read waits for the banner (get-collection-nfts.ts).
  const grid = collectionNftsQueryOptions({ collectionId: id, statuses: [] });
  if (queryClient.getQueryState(grid.queryKey) === undefined) void queryClient.prefetchInfiniteQuery(grid);
  start(queryClient, marketItemsQueryOptions());
};

const itemDetailData: RouteData = (queryClient, params) => {
  const id = parseRouteId(params.nftId);
  if (id === null) return;
  start(queryClient, nftQueryOptions(id), (nft) => ({ src: nft.imageUrl }));
  start(queryClient, nftTransactionsQueryOptions(id));
  start(queryClient, marketItemsQueryOptions());
  void answer(queryClient, nftQueryOptions(id)).then((nft) => {
    if (nft) start(queryClient, tokenOwnerQueryOptions(nft.collection?.contractAddress, nft.tokenId));
  });
};

const dashboardData: RouteData = (queryClient) => {
  start(queryClient, naturaBalancesQueryOptions());
  const collections = answer(queryClient, dashboardCollectionsQueryOptions());
  void collections.then((list) => {
    if (list) start(queryClient, lastTradePricesQueryOptions(list.map((collection) => collection.id)));
  });
  // The chain reads leave in one tick, so the provider sends them as one batch (one HTTP request).
  void Promise.all([
    import('@/features/dashboard/api/get-staking-pools'),
    import('@/features/dashboard/api/get-rewards-claimed'),
    import('@/features/dashboard/api/get-latest-swap'),
    import('@/features/dashboard/api/get-natura-figure'),
  ]).then(([pools, rewards, latestSwap, natura]) => {
    start(queryClient, pools.stakingPoolsQueryOptions());
    start(queryClient, rewards.rewardsClaimedQueryOptions());
    start(queryClient, latestSwap.latestSwapQueryOptions());
    for (const figure of ['price', 'burned', 'bitcoinReserves', 'goldReserves', 'miscReserves'] as const)
      start(queryClient, natura.naturaFigureQueryOptions(figure));
  });
  void Promise.all([import('@/features/dashboard/api/get-collection-contract-figures'), collections]).then(
    ([m, list]) => {
      if (list)
        start(
          queryClient,
          m.collectionContractFiguresQueryOptions(
            list.map((collection) => collection.contractAddress).filter(m.isContractAddress),
          ),
        );
    },
  );
};

const swappingData: RouteData = (queryClient) => {
  start(queryClient, swapOrdersQueryOptions());
};

/** Without a wallet the page shows the pools; with one, the board reads its account's lists itself. */
const stakingData: RouteData = (queryClient, _params, { account }) => {
  if (account) return;
  start(queryClient, poolSummariesQueryOptions());
};

/** The starters by the name the route table gives them (routes.ts `data`). */
export const ROUTE_DATA = {
  home: homeData,
  explore: exploreData,
  collection: collectionData,
  itemDetail: itemDetailData,
  dashboard: dashboardData,
  swapping: swappingData,
  staking: stakingData,
} satisfies Record<string, RouteData>;

export type RouteDataName = keyof typeof ROUTE_DATA;
