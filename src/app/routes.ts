import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { leadImage, leadImageShown, type ImageSources } from '@/components/app-image';
import { categoriesQueryOptions } from '@/features/collections/api/get-categories';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { collectionItemCountQueryOptions } from '@/features/collections/api/get-collection-item-count';
import { comingSoonCollectionsQueryOptions } from '@/features/collections/api/get-coming-soon-collections';
import { exploreCollectionsQueryOptions } from '@/features/collections/api/get-explore-collections';
import { featuredCollectionsQueryOptions } from '@/features/collections/api/get-featured-collections';
import { heroCollectionQueryOptions } from '@/features/collections/api/get-hero-collection';
import {
  categoriesRead,
  collectionItemCountRead,
  collectionRead,
  comingSoonCollectionsRead,
  exploreCollectionsRead,
  featuredCollectionsRead,
  heroCollectionRead,
  verifiedCollectionIds,
} from '@/features/collections/api/reads';
import { bannerSources, tileSources } from '@/features/collections/components/image-sources';
import { dashboardCollectionsQueryOptions } from '@/features/dashboard/api/get-dashboard-collections';
import { naturaBalancesQueryOptions } from '@/features/dashboard/api/get-natura-balances';
import { dashboardCollectionsRead } from '@/features/dashboard/api/reads';
import { collectionNftsQueryOptions } from '@/features/nfts/api/get-collection-nfts';
import { marketItemsQueryOptions } from '@/features/nfts/api/get-market-items';
import { nftQueryOptions } from '@/features/nfts/api/get-nft';
import { nftStatusesQueryOptions } from '@/features/nfts/api/get-nft-statuses';
import { nftTransactionsQueryOptions } from '@/features/nfts/api/get-nft-transactions';
import { tokenOwnerQueryOptions } from '@/features/nfts/api/get-token-owner';
import { nftRead, nftStatusesRead, nftTransactionsRead } from '@/features/nfts/api/reads';
import { poolSummariesQueryOptions } from '@/features/staking/api/get-pool-summaries';
import { swapOrdersQueryOptions } from '@/features/swap/api/get-swap-orders';
import { getConfig, type AppConfig } from '@/config/env';
import type { CmsRead } from '@/lib/cms/query-string';
import { parseRouteId } from '@/lib/route-params';

/**
 * The route table (deployed-system.md §P2.1): one entry per route, with its path, its page, what it starts as it opens
 * and its lead image (`data`), read by the router and the start-up (router.tsx, `startFirstRoute` in main.tsx). What
 * the web server announces with a route's document (its first CMS reads and code, `ANNOUNCED` below) is described
 * here too, for the web server's configuration (scripts/delivery/nginx.ts). Adding a route is adding its entry here,
 * and its line in `ANNOUNCED` when its document announces reads or code.
 *
 * Node imports this file to write the web server's configuration, outside the app's build: its imports must load there
 * too (no `import.meta.env` read as a module loads; the pages and the chain code stay behind lazy imports).
 */
export interface Route {
  path: string;
  /** Routes that show the same page (`/` and `/home`) share its value, and with it its `data`. */
  page: LazyPage;
  /** Shown only to a signed-in user (ProtectedRoute). */
  signedIn?: true;
  data?: RouteData;
}

/**
 * A page: its component, from its module loaded when the route is first visited (a chunk of its own), and the
 * translation namespaces it reads beyond the first load's. The module is src/pages/<name in kebab case>.tsx: the web
 * server's configuration announces it under that name.
 */
export interface LazyPage {
  load: () => Promise<ComponentType>;
  name: string;
  namespaces: readonly string[];
}

function lazyPage<T extends string>(
  load: () => Promise<Record<T, ComponentType>>,
  name: T,
  namespaces: readonly string[] = [],
): LazyPage {
  return { load: () => load().then((module) => module[name]), name, namespaces };
}

/**
 * What a route reads, started when navigation starts (router.tsx), in parallel with the route's code: the page then
 * finds its reads in flight or done instead of starting them after it has loaded and rendered. The query options are
 * the ones the page's hooks use, so the page and its start share one request and one cache entry.
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

const homePage = lazyPage(() => import('@/pages/home-page'), 'HomePage');
const homeData: RouteData = (queryClient) => {
  start(queryClient, featuredCollectionsQueryOptions());
  start(queryClient, comingSoonCollectionsQueryOptions());
  start(queryClient, heroCollectionQueryOptions(), (hero) => hero && bannerSources(hero));
};

const root: Route = { path: '/', page: homePage, data: homeData };
const home: Route = { path: '/home', page: homePage, data: homeData };
const explore: Route = {
  path: '/explore',
  page: lazyPage(() => import('@/pages/explore-page'), 'ExplorePage', ['explore']),
  data: (queryClient) => {
    start(queryClient, categoriesQueryOptions());
    // The "All" tab opens first.
    // The first tile is the largest image on a phone.
    start(queryClient, exploreCollectionsQueryOptions(null), ([first]) => first && tileSources(first));
  },
};
const collection: Route = {
  path: '/colection/:collectionId',
  page: lazyPage(() => import('@/pages/collection-page'), 'CollectionPage', ['collection', 'nft']),
  data: (queryClient, params) => {
    const id = parseRouteId(params.collectionId);
    if (id === null) return;
    start(queryClient, collectionQueryOptions(id), bannerSources);
    start(queryClient, collectionItemCountQueryOptions(id));
    start(queryClient, nftStatusesQueryOptions());
    // The grid opens on page 1 with no status ticked; its read waits for the banner (get-collection-nfts.ts).
    const grid = collectionNftsQueryOptions({ collectionId: id, statuses: [] });
    if (queryClient.getQueryState(grid.queryKey) === undefined) void queryClient.prefetchInfiniteQuery(grid);
    start(queryClient, marketItemsQueryOptions());
  },
};
const itemDetail: Route = {
  path: '/ItemDetail/:nftId',
  page: lazyPage(() => import('@/pages/item-detail-page'), 'ItemDetailPage', ['nft', 'tx']),
  data: (queryClient, params) => {
    const id = parseRouteId(params.nftId);
    if (id === null) return;
    start(queryClient, nftQueryOptions(id), (nft) => ({ src: nft.imageUrl }));
    start(queryClient, nftTransactionsQueryOptions(id));
    start(queryClient, marketItemsQueryOptions());
    void answer(queryClient, nftQueryOptions(id)).then((nft) => {
      if (nft) start(queryClient, tokenOwnerQueryOptions(nft.collection?.contractAddress, nft.tokenId));
    });
  },
};
const staking: Route = {
  path: '/nft-staking',
  page: lazyPage(() => import('@/pages/staking-page'), 'StakingPage', ['staking', 'tx']),
  // Without a wallet the page shows the pools; with one, the board reads its account's lists itself.
  data: (queryClient, _params, { account }) => {
    if (account) return;
    start(queryClient, poolSummariesQueryOptions());
  },
};
const swapping: Route = {
  path: '/swapping',
  page: lazyPage(() => import('@/pages/swapping-page'), 'SwappingPage', ['swap', 'tx']),
  data: (queryClient) => {
    start(queryClient, swapOrdersQueryOptions());
  },
};
const dashboard: Route = {
  path: '/dashboard',
  page: lazyPage(() => import('@/pages/dashboard-page'), 'DashboardPage', ['dashboard']),
  data: (queryClient) => {
    start(queryClient, naturaBalancesQueryOptions());
    const collections = answer(queryClient, dashboardCollectionsQueryOptions());
    // The chain reads leave in one tick, so the provider sends them as one batch (one HTTP request).
    void Promise.all([
      import('@/features/dashboard/api/get-rewards-claimed'),
      import('@/features/dashboard/api/get-latest-swap'),
      import('@/features/dashboard/api/get-natura-figure'),
    ]).then(([rewards, latestSwap, natura]) => {
      start(queryClient, rewards.rewardsClaimedQueryOptions());
      start(queryClient, latestSwap.latestSwapQueryOptions());
      for (const figure of ['price', 'burned', 'bitcoinReserves', 'goldReserves', 'miscReserves'] as const)
        start(queryClient, natura.naturaFigureQueryOptions(figure));
    });
    // The collections' supply and cost, and the marketplace's live listings (the table's Market Price), leave
    // together once the CMS rows are in: the listings' code is loaded by then, so its read joins the same batch.
    void Promise.all([
      import('@/features/dashboard/api/get-collection-contract-figures'),
      import('@/lib/chain/market-queries'),
      import('@/lib/chain/market-listings'),
      collections,
    ]).then(([m, market, , list]) => {
      if (!list) return;
      start(
        queryClient,
        m.collectionContractFiguresQueryOptions(
          list.map((collection) => collection.contractAddress).filter(m.isContractAddress),
        ),
      );
      start(queryClient, market.liveMarketItemsQueryOptions(leadImageShown));
    });
  },
};

export const ROUTES: readonly Route[] = [
  root,
  home,
  explore,
  collection,
  itemDetail,
  {
    path: '/Author/:authorId',
    page: lazyPage(() => import('@/pages/author-page'), 'AuthorPage', ['author', 'nft']),
    signedIn: true,
  },
  {
    path: '/Profile',
    page: lazyPage(() => import('@/pages/profile-page'), 'ProfilePage', ['profile', 'nft', 'tx']),
    signedIn: true,
  },
  {
    path: '/permissions',
    page: lazyPage(() => import('@/pages/permissions-page'), 'PermissionsPage', ['permissions', 'tx']),
    signedIn: true,
  },
  staking,
  swapping,
  { path: '/work', page: lazyPage(() => import('@/pages/work-page'), 'WorkPage', ['forms']) },
  { path: '/contactus', page: lazyPage(() => import('@/pages/contact-page'), 'ContactPage', ['forms']) },
  { path: '/haveproject', page: lazyPage(() => import('@/pages/project-page'), 'ProjectPage', ['forms']) },
  { path: '/about', page: lazyPage(() => import('@/pages/about-page'), 'AboutPage', ['about']) },
  dashboard,
  {
    path: '/fontAwesomeIcons',
    page: lazyPage(() => import('@/pages/icons-page'), 'IconsPage', ['icons']),
  },
  { path: '/login', page: lazyPage(() => import('@/pages/login-page'), 'LoginPage') },
];

/**
 * What the web server sends with a route's document, in its `Link` header (scripts/delivery/nginx.ts), so the browser
 * fetches it while the app's code is still downloading instead of after it has run. Only Node reads this list (the
 * configuration's generator and the tests): the app's build leaves it out, and the first load stays within its budget
 * (scripts/size-budget.mjs).
 */
/** What of the configuration a route's first reads depend on (the web server's generator passes its own). */
type ReadsConfig = Pick<AppConfig, 'verifiedCollections'>;

export interface Announced {
  route: Route;
  /**
   * The CMS reads the route always starts (`rel=preload; as=fetch; crossorigin`); the CMS client's request for the
   * same URL gets that response. Only public reads whose answer is the same for every visitor (no token, no wallet):
   * a read the page did not make would be fetched for nothing. None for a malformed id (the page shows "not found").
   * tests/app/first-reads.test.tsx checks that each is among the reads the route's `data` starts, byte for byte.
   */
  reads?: (params: Readonly<Record<string, string | undefined>>, config?: ReadsConfig) => CmsRead[];
  /**
   * The route's code (`rel=modulepreload` and `rel=preload; as=style`): beside its page's module, the component styles
   * and (when its page has namespaces of its own) the English screens' translations, which nginx.ts adds, the source
   * modules it imports before its largest element has arrived (the contract code its first chain reads import). Code
   * held back until then (the detail page's ethers, the home page's carousels) is not listed: announced, it would
   * share the network with that element. tests/e2e/perf-c.spec.ts checks, per route, that every script and stylesheet asked for before the
   * largest element arrived was announced, and that the page asks for everything announced.
   */
  code: readonly string[];
}

/**
 * The verdict on copies and imitations of verified collections (lib/trust/imitation.ts, with the confusables table):
 * Explore's order and the dashboard's table are read through it.
 */
const TRUST_JUDGE = 'src/lib/trust/imitation.ts';

/**
 * Chain history's reader (lib/chain/history/log-reader.ts, with the history store it imports) and the node reads it
 * imports on demand (lib/chain/node-reads.ts): the pages that show trades read history from their first render.
 */
const HISTORY_CODE = ['src/lib/chain/history/log-reader.ts', 'src/lib/chain/node-reads.ts'];

const homeReads = (_params: unknown, config: ReadsConfig = getConfig()) => [
  heroCollectionRead(verifiedCollectionIds(config)),
  featuredCollectionsRead(),
  comingSoonCollectionsRead(),
];

export const ANNOUNCED: readonly Announced[] = [
  // Home's New Release is judged once the hero image has been shown (get-featured-collections.ts): not in its code.
  { route: root, reads: homeReads, code: [] },
  { route: home, reads: homeReads, code: [] },
  // The "All" tab opens first.
  { route: explore, reads: () => [categoriesRead(), exploreCollectionsRead(null)], code: [TRUST_JUDGE] },
  {
    route: collection,
    reads: ({ collectionId }) => {
      const id = parseRouteId(collectionId);
      if (id === null) return [];
      // Not the grid's first page: it waits for the banner (features/nfts/api/get-collection-nfts.ts).
      return [collectionRead(id), collectionItemCountRead(id), nftStatusesRead()];
    },
    code: [],
  },
  {
    route: itemDetail,
    reads: ({ nftId }) => {
      const id = parseRouteId(nftId);
      return id === null ? [] : [nftRead(id), nftTransactionsRead(id)];
    },
    code: [],
  },
  {
    route: dashboard,
    // Not the natura-balance figures: the original CMS has no such type and answers 404 (deployed-system.md §B7.5).
    reads: () => [dashboardCollectionsRead()],
    // The page imports its chain reads' modules statically (its `data` above starts them by importing them); the
    // trades' figures read chain history (HISTORY_CODE) and the marketplace's listings.
    code: [
      TRUST_JUDGE,
      ...HISTORY_CODE,
      'src/lib/chain/history/collection-market.ts',
      'src/lib/chain/market-listings.ts',
    ],
  },
  // The order book's read (features/swap/api/get-swap-orders.ts, with its kept closed orders: lib/chain/swap-book.ts)
  // and Natura's price for the amounts' value in USD (components/approx-usd.tsx, lib/hooks/use-natura-price.ts).
  // The last trades (features/swap/api/get-swap-trades.ts) read chain history.
  {
    route: swapping,
    code: [
      'src/lib/chain/contracts/swap.ts',
      'src/lib/chain/swap-book.ts',
      'src/lib/chain/call-runner.ts',
      'src/lib/chain/contracts/natura.ts',
      ...HISTORY_CODE,
    ],
  },
  // Signed out, the pools' read (features/staking/api/get-pool-summaries.ts) and Natura's price for their rewards'
  // value (lib/hooks/use-natura-price.ts); no provider code.
  {
    route: staking,
    code: [
      'src/lib/chain/contracts/nft-collection.ts',
      'src/lib/chain/contracts/staking.ts',
      'src/lib/chain/call-runner.ts',
      'src/lib/chain/or-null.ts',
      'src/lib/chain/contracts/natura.ts',
    ],
  },
];

/** The routes whose document announces CMS reads, with them (tests/app/first-reads.test.tsx). */
export const FIRST_READS = /* @__PURE__ */ firstReads();

function firstReads() {
  return ANNOUNCED.flatMap(({ route, reads }) => (reads ? [{ path: route.path, reads }] : []));
}
