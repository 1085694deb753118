import type { Page, Request, Route } from '@playwright/test';
import { appUrl, expect, test } from './fixtures.ts';
import { screens, type Screen } from './helpers/screens.ts';

/**
 * On the production build against the local stack: data starts with the page.
 * Chunks are told apart by what they contain, not by their file names (the chunking may change):
 * - ethers' JSON-RPC provider: the only code that maps `getBlockNumber` to `eth_blockNumber`;
 * - Web3Modal: the only code that defines the `w3m-modal` element;
 * - any ethers code at all: ethers' error codes (`CALL_EXCEPTION`) live in its shared core.
 */
// The provider's transaction broadcast (the call runner and node-reads.ts never send one) and Web3Modal's element.
const PROVIDER_MARKERS = ['eth_sendRawTransaction', 'w3m-modal'];
const ETHERS_MARKER = 'CALL_EXCEPTION';

const isScript = (url: string) => new URL(url).pathname.startsWith('/assets/') && url.endsWith('.js');

/** Every JavaScript file the page loads, with its text. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (isScript(response.url())) scripts.set(new URL(response.url()).pathname, response.text());
  });
  return scripts;
}

test('signed out, /nft-staking reads its pools from the chain and loads no provider chunk (ethers provider, Web3Modal)', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const rpcCalls: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (request.method() === 'POST' && body?.includes('"jsonrpc"')) rpcCalls.push(body);
  });
  await page.goto(appUrl('/nft-staking'));
  const pools = page.getByRole('list', { name: 'Staking pools' });
  await expect(pools.getByRole('listitem')).toHaveCount(4);
  await expect(pools.getByRole('listitem').first()).toContainText('Reward per NFT per day');
  await expect(page.getByRole('main').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The pools came from the chain: eth_call requests, batched.
  expect(rpcCalls.join('\n')).toContain('"eth_call"');
  const loaded = await Promise.all([...scripts].map(async ([path, text]) => ({ path, text: await text })));
  const providerChunks = loaded
    .filter(({ text }) => PROVIDER_MARKERS.some((marker) => text.includes(marker)))
    .map(({ path }) => path);
  console.log(`  /nft-staking signed out: ${loaded.length} JS chunks, provider chunks: ${providerChunks.length}`);
  expect(loaded.length).toBeGreaterThan(0);
  expect(providerChunks).toEqual([]);
});

test("the detail page's CMS read and its translations leave before its code arrives", async ({ page }) => {
  const detail = (await screens()).open.find((screen) => screen.name === 'item-detail')!;
  const nftId = detail.path.split('/').pop()!;
  let releaseCode!: () => void;
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  const codeRequested = page.waitForRequest((request) => request.url().includes('/assets/item-detail-page-'));
  // The page's own chunk is held until the test lets it go: whatever the page starts only once its code has
  // arrived cannot happen before then.
  await page.route(
    (url) => url.pathname.startsWith('/assets/item-detail-page-'),
    async (route: Route) => {
      await codeHeld;
      await route.continue();
    },
  );
  const cmsRead = page.waitForRequest((request: Request) => request.url().includes(`/api/nft-v1s/${nftId}`));
  const translations = page.waitForRequest((request) => /\/assets\/en-screens-[\w-]+\.js$/.test(request.url()));
  await page.goto(appUrl(detail.path), { waitUntil: 'commit' });

  await codeRequested;
  await cmsRead;
  await translations;
  releaseCode();
  await expect(detail.ready(page)).toBeVisible();
});

for (const name of ['home', 'explore', 'collection', 'item-detail']) {
  test(`${name} shows its CMS content while every ethers chunk is held back`, async ({ page }) => {
    const screen = (await screens()).open.find((candidate) => candidate.name === name)!;
    const held: string[] = [];
    await page.route(
      (url) => isScript(url.href),
      async (route: Route) => {
        const response = await route.fetch();
        const text = await response.text();
        // Never answered: a page that needs ethers before it shows its content stays on its skeleton.
        if (text.includes(ETHERS_MARKER)) {
          held.push(new URL(route.request().url()).pathname);
          return;
        }
        await route.fulfill({ response, body: text });
      },
    );
    await page.goto(appUrl(screen.path));
    await expect((screen.cmsReady ?? screen.ready)(page)).toBeVisible();
    if (name === 'item-detail') {
      // The detail page's largest paint, the NFT image, is in and decoded.
      const image = page.getByRole('main').locator('img.nft-detail-image');
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    // The routes with chain reads did ask for ethers (and were refused it), so the content above did not wait.
    // (They ask for it once the page's lead image has been shown.)
    if (name === 'collection' || name === 'item-detail') await expect.poll(() => held.length).toBeGreaterThan(0);
  });
}

test("home: the carousels' code and images are requested only once the hero image has loaded, and then show", async ({
  page,
}) => {
  // Browser events in the order the browser reports them.
  const events: string[] = [];
  page.on('request', (request) => events.push(`request ${request.url()}`));
  page.on('requestfinished', (request) => events.push(`finished ${request.url()}`));
  await page.goto(appUrl('/home'));
  const hero = page.locator('img.home-hero-backdrop');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const heroUrl = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  const slide = page.locator('.collection-carousel .collection-slide img').first();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const slideUrl = await slide.evaluate((img: HTMLImageElement) => img.currentSrc);

  const heroDone = events.indexOf(`finished ${heroUrl}`);
  const slideAsked = events.indexOf(`request ${slideUrl}`);
  const sliderCodeAsked = events.findIndex((event) => /^request .*\/assets\/collection-slider-[\w-]+\.js$/.test(event));
  expect(heroDone, 'the hero image finished').toBeGreaterThanOrEqual(0);
  expect(slideAsked, "a carousel image was asked for after the hero's finished").toBeGreaterThan(heroDone);
  expect(sliderCodeAsked, "the slider's code was asked for after the hero's image finished").toBeGreaterThan(heroDone);
});

test("collection: the web server announces the page's CMS reads with its document; they leave before the app's code has arrived, and each is asked once", async ({
  page,
}) => {
  const collection = (await screens()).open.find((screen) => screen.name === 'collection')!;
  const events: string[] = [];
  page.on('request', (request) => events.push(`request ${request.url()}`));
  page.on('requestfinished', (request) => events.push(`finished ${request.url()}`));
  const response = await page.goto(appUrl(collection.path));
  await expect(collection.ready(page)).toBeVisible();
  // The grid's first page comes after them: once its cards show, every read has been made.
  await expect(page.getByRole('main').locator('.nft-card').first()).toBeVisible();

  const preloads = [
    ...(response!.headers()['link'] ?? '').matchAll(/<([^>]+)>; rel=preload; as=fetch; crossorigin/g),
  ].map((match) => match[1]!);
  const id = collection.path.split('/').pop()!;
  expect(preloads).toEqual(
    expect.arrayContaining([expect.stringContaining(`/api/collections/get_collection?id=${id}`)]),
  );
  // The collection, its item count and the statuses; the grid's first page waits for the banner (next test).
  expect(preloads.length).toBeGreaterThanOrEqual(3);
  const scriptDone = events.findIndex((event) => /^finished .*\/assets\/[\w-]+\.js$/.test(event));
  expect(scriptDone, 'a script finished').toBeGreaterThanOrEqual(0);
  for (const url of preloads) {
    const asked = events.filter((event) => event === `request ${url}`);
    expect(asked, `${url} is asked once: the app's request used the preloaded answer`).toHaveLength(1);
    expect(events.indexOf(`request ${url}`), `${url} left before any of the app's scripts had arrived`).toBeLessThan(
      scriptDone,
    );
  }
});

test("collection: the grid's first page is asked for only once the banner has loaded, and then shows", async ({
  page,
}) => {
  const collection = (await screens()).open.find((screen) => screen.name === 'collection')!;
  const id = collection.path.split('/').pop()!;
  const events: string[] = [];
  page.on('request', (request) => events.push(`request ${request.url()}`));
  page.on('requestfinished', (request) => events.push(`finished ${request.url()}`));
  await page.goto(appUrl(collection.path));
  const banner = page.locator('img.collection-banner');
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const bannerUrl = await banner.evaluate((img: HTMLImageElement) => img.currentSrc);
  await expect(page.getByRole('main').locator('.nft-card').first()).toBeVisible();

  const bannerDone = events.indexOf(`finished ${bannerUrl}`);
  const gridAsked = events.findIndex((event) =>
    new RegExp(`^request .*/api/nft-v1s\\?page=1&collectionId=${id}(&|$)`).test(event),
  );
  expect(bannerDone, 'the banner finished').toBeGreaterThanOrEqual(0);
  expect(gridAsked, "the grid's first page was asked for after the banner had finished").toBeGreaterThan(bannerDone);
});

test("the CMS client's HTTP code and the answers' parser are announced in index.html at low priority, apart from the first paint's scripts", async ({
  request,
}) => {
  const html = await (await request.get(appUrl('/'))).text();
  const low = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g)].map(
    (match) => match[1]!,
  );
  const texts = await Promise.all(low.map(async (src) => (await request.get(appUrl(src))).text()));
  // axios's own error class, and the parser's message for an answer of the wrong shape.
  expect(
    texts.some((text) => text.includes('AxiosError')),
    'axios is announced',
  ).toBe(true);
  expect(
    texts.some((text) => text.includes('The CMS has no such NFT.')),
    'the parser is announced',
  ).toBe(true);
  // The entry and what it imports are not among them (they are the first paint's, at their normal priority).
  for (const src of low)
    expect(html).not.toMatch(new RegExp(`<(script|link)[^>]+(src|href)="${src}"(?! fetchpriority)`));
});

/**
 * The web server announces each main route's code with its document (`Link: rel=modulepreload` and
 * `rel=preload; as=style`, from `ANNOUNCED` in src/app/routes.ts and the build's chunk map), so the browser fetches the page's
 * chunks, its translations and its first chain reads' contract code beside the entry instead of in steps after it.
 * The list is written by hand: these tests catch it going stale in either direction.
 */
const ROUTES = ['home', 'explore', 'collection', 'item-detail', 'dashboard', 'swap', 'staking'];

const isCode = (path: string) => path.startsWith('/assets/') && /\.(js|css)$/.test(path);

/** The scripts and stylesheets a Link header announces (root-relative paths). */
function announcedCode(link: string | undefined): string[] {
  return [...(link ?? '').matchAll(/<([^>]+)>; rel=(?:modulepreload|preload; as=style)/g)]
    .map((match) => match[1]!)
    .filter(isCode);
}

/** The app's scripts and stylesheets the page has asked for, with when (resource timing). */
function askedCode(page: Page): Promise<{ path: string; startTime: number }[]> {
  return page
    .evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    )
    .then((entries) => entries.filter(({ path }) => isCode(path)));
}

/**
 * When the page's largest element so far had arrived: an image's load, or a text's paint. (An image's paint can come
 * after the code a page deliberately holds until that image has loaded, such as the home page's carousels.)
 */
function largestElementArrived(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as LargestContentfulPaint;
          resolve(last.loadTime || last.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
}

/** What the document itself names: index.html's scripts and stylesheets (the entry, and code it announces). */
const namedInHtml = (html: string) =>
  [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter(isCode);

test.describe('first-load code announced with the document', () => {
  let all: Screen[];
  test.beforeAll(async () => {
    all = (await screens()).open;
  });
  const screen = (name: string) => all.find((candidate) => candidate.name === name)!;

  for (const name of ROUTES) {
    test(`${name}: every script and stylesheet the page asks for before its largest element has arrived was announced with its document`, async ({
      page,
    }) => {
      const { path, ready } = screen(name);
      const response = await page.goto(appUrl(path));
      const linked = announcedCode(response!.headers()['link']);
      // The entry, its stylesheet and the page's own chunk at least.
      expect(linked.length, 'the document announces code').toBeGreaterThanOrEqual(3);
      const announced = [...linked, ...namedInHtml(await response!.text())];
      await expect(ready(page)).toBeVisible();
      const arrived = await largestElementArrived(page);
      const before = (await askedCode(page)).filter(({ startTime }) => startTime <= arrived).map(({ path }) => path);
      expect(before.length).toBeGreaterThan(0);
      expect(
        before.filter((file) => !announced.includes(file)),
        'asked for before the largest element arrived, not announced',
      ).toEqual([]);
    });

    test(`${name}: the page uses every file the web server announces for it`, async ({ page, request }) => {
      const { path, ready } = screen(name);
      const announced = announcedCode((await request.get(appUrl(path))).headers()['link']);
      expect(announced.length).toBeGreaterThanOrEqual(3);
      // With a trailing slash the route is the same page, but the server's exact-path location does not match: the
      // SPA fallback sends it without the hints, so what loads is what the page itself asks for.
      const bare = await page.goto(appUrl(`${path}/`));
      expect(bare!.headers()['link']).toBeUndefined();
      await expect(ready(page)).toBeVisible();
      await expect
        .poll(async () => {
          const asked = new Set((await askedCode(page)).map((entry) => entry.path));
          return announced.filter((file) => !asked.has(file));
        }, 'announced, never asked for by the page')
        .toEqual([]);
    });
  }
});
