import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures.ts';
import { screens, type Screen } from './helpers/screens.ts';

/**
 * Images and skeletons reserve their final box, so loading never moves the page.
 * Cumulative Layout Shift per route, measured in the page with a PerformanceObserver
 * (`layout-shift` entries without recent input, grouped into session windows as Chrome's CLS
 * is: gaps under 1 s, windows up to 5 s; the largest window counts), from navigation until the
 * route shows its real content with every image decoded and the network quiet.
 * Each route's LCP image is checked to be a real <img>, high priority, not lazy.
 */

const LIMIT = 0.05;
const ROUTES = ['home', 'explore', 'collection', 'item-detail', 'dashboard', 'swap', 'staking'];

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

function observeLayoutShifts() {
  const shifts: Shift[] = [];
  (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        time: entry.startTime,
        sources: (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Chrome's CLS: the largest session window of shifts. */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

async function settled(page: Page, screen: Screen) {
  await expect(screen.ready(page)).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.loading === 'lazy' || image.complete),
  );
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`layout shift at ${viewport.width}px: CLS ≤ ${LIMIT} on every route`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(observeLayoutShifts);
    const all = (await screens()).open;
    const figures: { route: string; cls: number; shifts: string }[] = [];
    for (const name of ROUTES) {
      const screen = all.find((candidate) => candidate.name === name);
      if (!screen) throw new Error(`no screen named ${name}`);
      await page.goto(appUrl(screen.path));
      await settled(page, screen);
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
      const cls = cumulativeLayoutShift(shifts);
      figures.push({
        route: `${name} (${screen.path})`,
        cls: Number(cls.toFixed(4)),
        shifts: shifts
          .map((shift) => `${shift.value.toFixed(4)}@${Math.round(shift.time)}ms ${shift.sources.join('+')}`)
          .join('; '),
      });
      expect.soft(cls, `CLS of ${name} at ${viewport.width}px (${figures.at(-1)!.shifts})`).toBeLessThanOrEqual(LIMIT);
    }
    console.log(`CLS at ${viewport.width}×${viewport.height}:`);
    console.table(figures);
  });
}

test('the LCP image of home, explore, a collection and an NFT is a real <img>: high priority, never lazy; images below the fold are lazy', async ({
  page,
}) => {
  const all = (await screens()).open;
  const lcpImage = {
    home: 'img.home-hero-backdrop',
    // On a phone the first tile of the grid fills the first screen.
    explore: '.collection-grid > li:first-child img.collection-card-image',
    collection: 'img.collection-banner',
    'item-detail': 'img.nft-detail-image',
  };
  for (const [name, selector] of Object.entries(lcpImage)) {
    const screen = all.find((candidate) => candidate.name === name)!;
    await page.goto(appUrl(screen.path));
    await settled(page, screen);
    const image = page.locator(selector);
    await expect(image, name).toHaveCount(1);
    await expect(image, name).toHaveAttribute('fetchpriority', 'high');
    await expect(image, name).not.toHaveAttribute('loading', 'lazy');
    // Only one image of the route asks for high priority.
    await expect(page.locator('img[fetchpriority="high"]'), name).toHaveCount(1);
  }
  // Below the fold of the home page: the carousel cards further down and beyond wait for a scroll.
  const home = all.find((candidate) => candidate.name === 'home')!;
  await page.goto(appUrl(home.path));
  await settled(page, home);
  const belowFold = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.getBoundingClientRect().top > window.innerHeight)
      .map((image) => image.loading),
  );
  expect(belowFold.length).toBeGreaterThan(0);
  expect(new Set(belowFold)).toEqual(new Set(['lazy']));
});
