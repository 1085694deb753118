import type { ConsoleMessage, Page } from '@playwright/test';
import { startDevApp } from '../../scripts/stack/stack.ts';
import { deployment, expect, stackInfo, test } from './fixtures.ts';

/**
 * The e2e stack serves the production build, which never prints React's development warnings (issue 40.6: "Cannot
 * update a component (AppImage) while rendering a different component (RoutePage)" went unseen there). This spec
 * starts the app's Vite dev server (React's development build) against the same running chain and CMS, walks the
 * main routes — with the first in-app navigations to a collection page and to an NFT page — and fails on any console
 * error or warning. One dev server start (≈ 10–40 s on a busy machine) is its whole extra cost.
 */

// Beside this worker's stack's own ports (global-setup.ts), so parallel runs on other ports do not collide.
const devPort = () => Number(process.env.E2E_DEV_APP_PORT ?? Number(new URL(stackInfo().appUrl).port) + 1000);

let dev: Awaited<ReturnType<typeof startDevApp>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dev = await startDevApp({ deployment: deployment(), cmsUrl: stackInfo().cmsUrl, port: devPort() });
});

test.afterAll(async () => {
  await dev?.stop();
});

/** Every console error and warning of the page, as "type: text (source)". */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    seen.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  return seen;
}

const nav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });

test('dev build: no React warnings on the main routes and the first in-app navigations', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = watchConsole(page);
  const url = (path: string) => `${dev!.url}${path}`;
  const genesis = deployment().collections.find((c) => c.key === 'terra-genesis')!;

  // Home, then Collections → a collection → its first NFT, all in-app (no document load in between).
  await page.goto(url('/home'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 90_000 });
  await nav(page).getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore, collect, and sell NFTs' })).toBeVisible();
  await page
    .getByRole('link', { name: new RegExp(genesis.name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/colection\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: genesis.name })).toBeVisible();
  const grid = page.getByRole('region', { name: 'Items in this collection' });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  await grid
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/ItemDetail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The other main routes, in-app from the header.
  for (const [name, path] of [
    ['NFT Staking', '/nft-staking'],
    ['Swapping', '/swapping'],
    ['Dashboard', '/dashboard'],
    ['About', '/about'],
  ] as const) {
    await nav(page).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url(path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // A collection page and an NFT page opened as documents too (their first render starts the route's reads).
  await page.goto(url('/home'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(url('/explore'));
  await expect(page.getByRole('heading', { level: 1, name: 'Explore, collect, and sell NFTs' })).toBeVisible();

  // Let late renders (listings, images, the history reads) land before judging.
  await page.waitForLoadState('networkidle');
  expect(seen, 'console errors and warnings of the development build').toEqual([]);
});
