import type { ComponentType } from 'react';
import type { RouteDataName } from '@/app/route-data';
import {
  categoriesRead,
  collectionItemCountRead,
  collectionRead,
  comingSoonCollectionsRead,
  exploreCollectionsRead,
  featuredCollectionsRead,
  heroCollectionRead,
} from '@/features/collections/api/reads';
import { dashboardCollectionsRead } from '@/features/dashboard/api/reads';
import { nftRead, nftStatusesRead, nftTransactionsRead } from '@/features/nfts/api/reads';
import type { CmsRead } from '@/lib/cms/query-string';
import { parseRouteId } from '@/lib/route-params';

/**
 * The route table (deployed-system.md §P2.1): one entry per route, read by the router and the start-up (router.tsx,
 * `startFirstRoute` in main.tsx), and, with what the web server announces with each route's document (`ANNOUNCED`
 * below), by the web server's configuration (scripts/delivery/nginx.ts). Adding a route is adding its entry here, its
 * line in `ANNOUNCED` when its document announces reads or code, and its starter in route-data.ts when it reads
 * something at once.
 *
 * Node imports this file to write the web server's configuration, outside the app's build: it imports only the light
 * CMS read descriptions (features/<f>/api/reads.ts) and types. The pages stay lazy (each its own chunk), and what a
 * route starts in the browser is named here and lives in route-data.ts, whose query clients Node cannot load.
 */
export interface Route {
  path: string;
  page: LazyPage;
  /** Shown only to a signed-in user (ProtectedRoute). */
  signedIn?: true;
  /**
   * What the route starts as navigation starts, in parallel with its code (route-data.ts): its reads, and its lead
   * image (its LCP element), preloaded as soon as the read that names it answers.
   */
  data?: RouteDataName;
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

const homePage = lazyPage(() => import('@/pages/home-page'), 'HomePage');
const root: Route = { path: '/', page: homePage, data: 'home' };
const home: Route = { path: '/home', page: homePage, data: 'home' };
const explore: Route = {
  path: '/explore',
  page: lazyPage(() => import('@/pages/explore-page'), 'ExplorePage', ['explore']),
  data: 'explore',
};
const collection: Route = {
  path: '/colection/:collectionId',
  page: lazyPage(() => import('@/pages/collection-page'), 'CollectionPage', ['collection', 'nft']),
  data: 'collection',
};
const itemDetail: Route = {
  path: '/ItemDetail/:nftId',
  page: lazyPage(() => import('@/pages/item-detail-page'), 'ItemDetailPage', ['nft', 'tx']),
  data: 'itemDetail',
};
const staking: Route = {
  path: '/nft-staking',
  page: lazyPage(() => import('@/pages/staking-page'), 'StakingPage', ['staking', 'tx']),
  data: 'staking',
};
const swapping: Route = {
  path: '/swapping',
  page: lazyPage(() => import('@/pages/swapping-page'), 'SwappingPage', ['swap', 'tx']),
  data: 'swapping',
};
const dashboard: Route = {
  path: '/dashboard',
  page: lazyPage(() => import('@/pages/dashboard-page'), 'DashboardPage', ['dashboard']),
  data: 'dashboard',
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
export interface Announced {
  route: Route;
  /**
   * The CMS reads the route always starts (`rel=preload; as=fetch; crossorigin`); the CMS client's request for the
   * same URL gets that response. Only public reads whose answer is the same for every visitor (no token, no wallet):
   * a read the page did not make would be fetched for nothing. None for a malformed id (the page shows "not found").
   * tests/app/first-reads.test.tsx checks that each is among the reads the route's `data` starts, byte for byte.
   */
  reads?: (params: Readonly<Record<string, string | undefined>>) => CmsRead[];
  /**
   * The route's code (`rel=modulepreload` and `rel=preload; as=style`): beside its page's module, the component styles
   * and (when its page has namespaces of its own) the English screens' translations, which nginx.ts adds, the source modules it imports
   * before its largest element has arrived (the contract code its first chain reads import). Code held back until then
   * (the detail page's ethers, the home page's carousels) is not listed: announced, it would share the network with
   * that element. tests/e2e/perf-c.spec.ts checks, per route, that every script and stylesheet asked for before the
   * largest element arrived was announced, and that the page asks for everything announced.
   */
  code: readonly string[];
}

/**
 * The verdict on copies and imitations of verified collections (lib/trust/imitation.ts, with the confusables table):
 * Explore's order and the dashboard's table are read through it.
 */
const TRUST_JUDGE = 'src/lib/trust/imitation.ts';

const homeReads = () => [heroCollectionRead(), featuredCollectionsRead(), comingSoonCollectionsRead()];

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
    // The page imports its chain reads' modules statically (route-data.ts starts them by importing them).
    code: [TRUST_JUDGE],
  },
  // The order book's read (features/swap/api/get-swap-orders.ts) and Natura's price for the amounts' value in USD
  // (components/approx-usd.tsx, lib/hooks/use-natura-price.ts).
  {
    route: swapping,
    code: ['src/lib/chain/contracts/swap.ts', 'src/lib/chain/call-runner.ts', 'src/lib/chain/contracts/natura.ts'],
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
