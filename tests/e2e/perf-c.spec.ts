import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures.ts';
import { screens, type Screen } from './helpers/screens.ts';

/**
 * Issue 27: the web server announces each main route's code with its document (`Link: rel=modulepreload` and
 * `rel=preload; as=style`, from src/app/first-code.ts and the build's chunk map), so the browser fetches the page's
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
