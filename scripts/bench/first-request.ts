/**
 * When each route's data starts, and when its largest paint lands: the production build (served by
 * nginx, as the e2e serves it) against the local stack, in Debian's Chromium, one cold browser
 * context per load. For every route it prints the median of RUNS loads of
 *   first CMS   — when the first CMS API request (`<cms>/api/…`) leaves, ms after navigation start
 *   first chain — when the first JSON-RPC request leaves (routes that read the chain)
 *   code in     — when the route's own page chunk has arrived (its data should not wait for it)
 *   LCP         — largest-contentful-paint, ms after navigation start
 *
 *   npm run bench:first-request [-- runs [route,route…]]
 *
 * Ports: E2E_ANVIL_PORT / E2E_CMS_PORT / E2E_APP_PORT (defaults 18645 / 11445 / 14345).
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium-flags.ts';
import { REPO_ROOT, startStack } from '../stack/stack.ts';

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.argv[3]?.split(',');

interface Timing {
  firstCms: number | null;
  firstChain: number | null;
  codeIn: number | null;
  lcp: number | null;
}

const median = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : known[Math.floor(known.length / 2)]!;
};

async function cmsJson<T>(cmsUrl: string, path: string): Promise<T> {
  const response = await fetch(`${cmsUrl}${path}`);
  if (!response.ok) throw new Error(`CMS GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

// Page scripts as text: tsx would wrap named functions in a helper (`__name`) the page does not have.
/** Records every LCP candidate from the start of the document (before the app's scripts run). */
const OBSERVE_LCP = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

/** The first request's start under each prefix, and the latest LCP candidate. */
const READ_TIMINGS = (cms: string, rpc: string, chunk: string) => `(() => {
  const resources = performance.getEntriesByType('resource');
  const first = (prefix) => {
    const starts = resources.filter((r) => r.name.startsWith(prefix)).map((r) => r.startTime);
    return starts.length === 0 ? null : Math.round(Math.min(...starts));
  };
  const code = resources.find((r) => new URL(r.name).pathname.startsWith(${JSON.stringify(`/assets/${chunk}-`)}));
  return {
    firstCms: first(${JSON.stringify(`${cms}/api/`)}),
    firstChain: first(${JSON.stringify(rpc)}),
    codeIn: code ? Math.round(code.responseEnd) : null,
    lcp: window.__lcp === undefined ? null : Math.round(window.__lcp),
  };
})()`;

async function measure(
  browser: Browser,
  url: string,
  origins: { cms: string; rpc: string },
  route: { ready: string; chunk: string },
): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // Like the e2e: nothing leaves the machine (Web3Modal's and fonts' outside hosts are aborted).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await context.addInitScript({ content: OBSERVE_LCP });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    // Let the paint that shows the content (and its images) land before reading LCP.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    return await page.evaluate<Timing>(READ_TIMINGS(origins.cms, origins.rpc, route.chunk));
  } finally {
    await context.close();
  }
}

async function main() {
  const appPort = Number(process.env.E2E_APP_PORT ?? 14345);
  const stack = await startStack({
    app: 'preview',
    devWallet: false,
    anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18645),
    cmsPort: Number(process.env.E2E_CMS_PORT ?? 11445),
    appPort,
    workDir: join(REPO_ROOT, '.stack', `bench-${appPort}`),
    freshCms: true,
    log: (line) => {
      if (!line.startsWith('[app]') && !line.startsWith('[cms]')) console.error(`  stack: ${line}`);
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    const listed = stack.deployment.collections.find((c) => c.tokens.some((t) => t.state === 'listed'));
    if (!listed) throw new Error('no collection with a listed token in the deployment');
    const token = listed.tokens.find((t) => t.state === 'listed')!;
    const collections = await cmsJson<{ data: { id: number }[] }>(
      stack.cmsUrl,
      `/api/collections?filters[contract_address][$eqi]=${listed.address}&sort[0]=id:asc`,
    );
    const collectionId = collections.data[0]?.id;
    if (collectionId === undefined) throw new Error(`no CMS collection for ${listed.address}`);
    const nfts = await cmsJson<{ data: { id: number }[] }>(
      stack.cmsUrl,
      `/api/nft?filters[collection][id][$eq]=${collectionId}&filters[token_id][$eq]=${token.tokenId}`,
    );
    const nftId = nfts.data[0]?.id;
    if (nftId === undefined) throw new Error(`no CMS NFT for token ${token.tokenId}`);

    // `ready`: visible once the route shows its real content (the same marks as the e2e screens).
    const routes = [
      { name: 'home', path: '/home', chunk: 'home-page', ready: '[aria-labelledby="new-release-title"] a' },
      { name: 'explore', path: '/explore', chunk: 'explore-page', ready: '[role="tabpanel"] a' },
      {
        name: 'collection',
        path: `/colection/${collectionId}`,
        chunk: 'collection-page',
        ready: 'main section[aria-label] li a',
      },
      { name: 'detail', path: `/ItemDetail/${nftId}`, chunk: 'item-detail-page', ready: 'main table' },
      { name: 'dashboard', path: '/dashboard', chunk: 'dashboard-page', ready: 'main table tbody tr' },
      { name: 'swapping', path: '/swapping', chunk: 'swapping-page', ready: 'main table tbody tr' },
      { name: 'staking', path: '/nft-staking', chunk: 'staking-page', ready: 'main li' },
    ].filter((route) => !ONLY || ONLY.includes(route.name));
    const origins = { cms: stack.cmsUrl, rpc: stack.rpcUrl };
    const rows: string[][] = [];
    for (const route of routes) {
      const timings: Timing[] = [];
      // One warm-up load (nginx and Strapi caches), then RUNS measured loads.
      await measure(browser, `${stack.appUrl}${route.path}`, origins, route);
      for (let run = 0; run < RUNS; run += 1)
        timings.push(await measure(browser, `${stack.appUrl}${route.path}`, origins, route));
      const show = (value: number | null) => (value === null ? '—' : String(value));
      rows.push([
        route.name,
        show(median(timings.map((t) => t.firstCms))),
        show(median(timings.map((t) => t.firstChain))),
        show(median(timings.map((t) => t.codeIn))),
        show(median(timings.map((t) => t.lcp))),
      ]);
      console.error(`  ${route.name}: ${JSON.stringify(timings)}`);
    }
    console.log(`\nFirst request and LCP per route, ms after navigation start (median of ${RUNS} cold loads)\n`);
    console.log('| route | first CMS request | first chain request | page code in | LCP |');
    console.log('|---|---:|---:|---:|---:|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
