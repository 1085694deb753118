/**
 * The code each route loads before its largest element has arrived, announced by the web server with the route's
 * document (issue 27): `Link: <file>; rel=modulepreload` for its scripts and `rel=preload; as=style` for its
 * stylesheets (scripts/delivery/nginx.ts). Without them the browser learns of a route's chunks only once the entry has
 * been downloaded and run, and of the chunks those chunks import lazily (the chain reads' contract code) one round
 * trip later each: on a phone's network the dashboard's code arrived in five steps after the entry.
 *
 * `modules` are source modules the route imports at once: its page, the translation chunk of its namespaces, and the
 * contract code its first chain reads import when they start (route-data.ts and the reads' own lazy imports).
 * scripts/delivery/route-code.ts adds what they import statically and leaves out what the document already loads.
 * Code the route holds back until its largest element has arrived (the detail page's ethers, the home page's
 * carousels) is not listed: announced, it would share the network with that element. tests/e2e/perf-c.spec.ts
 * checks, per route, that every script and stylesheet asked for before the largest element arrived was announced,
 * and that the page asks for everything announced.
 *
 * No imports here: the web server's configuration is generated from this file by Node, outside the app's build.
 */
export interface FirstCode {
  /** The route's path as in the route table (router.tsx). */
  path: string;
  modules: readonly string[];
}

/** Bootstrap's later components: the app asks for them as it starts (app/component-styles.ts). */
const COMPONENT_STYLES = 'src/app/bootstrap-components.scss';
/**
 * What every route but home waits for: the English namespaces not in the entry (English is the language of a first
 * visit; bundles/en-screens.ts) and the component styles (router.tsx).
 */
const SCREEN = ['src/lib/i18n/bundles/en-screens.ts', COMPONENT_STYLES];

/**
 * The verdict on copies and imitations of verified collections (lib/trust/imitation.ts, with the confusables table):
 * Explore's order and the dashboard's table are read through it.
 */
const TRUST_JUDGE = 'src/lib/trust/imitation.ts';

export const FIRST_CODE: readonly FirstCode[] = [
  // Home's New Release is judged once the hero image has been shown (get-featured-collections.ts).
  { path: '/', modules: ['src/pages/home-page.tsx', COMPONENT_STYLES] },
  { path: '/home', modules: ['src/pages/home-page.tsx', COMPONENT_STYLES] },
  { path: '/explore', modules: ['src/pages/explore-page.tsx', ...SCREEN, TRUST_JUDGE] },
  { path: '/colection/:collectionId', modules: ['src/pages/collection-page.tsx', ...SCREEN] },
  { path: '/ItemDetail/:nftId', modules: ['src/pages/item-detail-page.tsx', ...SCREEN] },
  // The page imports its chain reads' modules statically (route-data.ts starts them by importing them).
  { path: '/dashboard', modules: ['src/pages/dashboard-page.tsx', ...SCREEN, TRUST_JUDGE] },
  // The order book's read (features/swap/api/get-swap-orders.ts) and Natura's price for the amounts' value in USD
  // (components/approx-usd.tsx, lib/hooks/use-natura-price.ts).
  {
    path: '/swapping',
    modules: [
      'src/pages/swapping-page.tsx',
      ...SCREEN,
      'src/lib/chain/contracts/swap.ts',
      'src/lib/chain/call-runner.ts',
      'src/lib/chain/contracts/natura.ts',
    ],
  },
  // Signed out, the pools' read (features/staking/api/get-pool-summaries.ts) and Natura's price for their rewards'
  // value (lib/hooks/use-natura-price.ts); no provider code.
  {
    path: '/nft-staking',
    modules: [
      'src/pages/staking-page.tsx',
      ...SCREEN,
      'src/lib/chain/contracts/nft-collection.ts',
      'src/lib/chain/contracts/staking.ts',
      'src/lib/chain/call-runner.ts',
      'src/lib/chain/or-null.ts',
      'src/lib/chain/contracts/natura.ts',
    ],
  },
];
