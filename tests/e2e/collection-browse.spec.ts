import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseUnits } from 'ethers';
import type { Page } from '@playwright/test';
import { appUrl, expect, SCREENSHOT_DIR, test } from './fixtures.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { chainListings, cmsTokenNames, gridCards, mintCost, type ChainListing } from './helpers/collection-browse.ts';
import { collectionByAddress, shownName, usdt3 } from './helpers/facts.ts';
import { cmsNftRow, historyChain } from './helpers/market-history.ts';
import { signInForCmsToken } from './helpers/cms-user.ts';
import { injectedProviderScript, type TestWallet } from './test-wallet.ts';

/**
 * The collection page's order, "Buy now only" and phone layout (issue 40.3), on the real stack. A fresh account mints
 * and lists four Desert Bloom tokens at prices of its own (three under the mint cost, one above every seeded price)
 * inside an EVM snapshot that is reverted afterwards; every expectation is read from the chain's logs and the CMS
 * while the test runs (helpers/collection-browse.ts), never from constants.
 */

const { tokens } = reserved('collection-browse.spec.ts');
const OWN = tokens['desert-bloom'].listed;
const PRICES = ['2.5', '1.25', '9.5', '3.75'] as const;

// Made in beforeAll: the stack's facts exist only once the global setup has run.
let chain: ReturnType<typeof historyChain>;
let desert: ReturnType<typeof chain.collection>;
let collectionId = 0;
let snapshot = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  chain = historyChain();
  desert = chain.collection('desert-bloom');
  collectionId = (await collectionByAddress(desert.address)).id;
});

/**
 * Once, in whichever test runs first (it needs a signed-in page for the CMS rows): the fresh account mints and lists
 * the spec's tokens inside a snapshot, and each gets the CMS row the grid shows (the seed has rows for the seeded
 * tokens only). The rows stay after the revert, as other specs' rows do; the app takes no price from them.
 */
let ready: Promise<void> | undefined;
function listOwnTokens(page: Page, wallet: TestWallet): Promise<void> {
  ready ??= (async () => {
    snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const seller = await chain.account();
    for (const [index, tokenId] of OWN.entries()) {
      await seller.mint(desert.address, tokenId);
      await seller.list(desert.address, tokenId, parseUnits(PRICES[index]!, 6));
    }
    const names = await cmsTokenNames(collectionId);
    const missing = OWN.filter((tokenId) => !names.has(tokenId));
    if (missing.length > 0) {
      // Signed in in a context of its own, closed after: the test's page stays a signed-out visitor's.
      const context = await page.context().browser()!.newContext();
      const signer = await context.newPage();
      await context.route('**/*', (route) =>
        /^https?:\/\/127\.0\.0\.1[:/]/.test(route.request().url()) ? route.continue() : route.abort(),
      );
      await signer.exposeFunction('__terraMaterWallet', (method: string, params: unknown[]) =>
        wallet.handle(method, params),
      );
      await signer.addInitScript(injectedProviderScript);
      const jwt = await signInForCmsToken(signer, wallet);
      for (const tokenId of missing)
        await cmsNftRow(jwt, 'desert-bloom', tokenId, { owner: seller.address, nft_status: 2, price: 1 });
      await context.close();
    }
  })();
  return ready;
}

test.afterAll(async () => {
  if (snapshot) expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
});

/** The chain's live listings of Desert Bloom that the grid can show (a CMS row exists), with their card names. */
async function listedOnGrid(): Promise<(ChainListing & { name: string })[]> {
  const names = await cmsTokenNames(collectionId);
  const listings = await chainListings(chain.provider, desert.address);
  expect(listings.map((listing) => listing.tokenId)).toEqual(expect.arrayContaining([...OWN]));
  return listings.flatMap((listing) => {
    const name = names.get(listing.tokenId);
    return name === undefined ? [] : [{ ...listing, name: shownName(name) }];
  });
}

const byPrice = (a: ChainListing, b: ChainListing) =>
  a.price < b.price ? -1 : a.price > b.price ? 1 : a.tokenId - b.tokenId;
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });
const buyNowSwitch = (page: Page) => page.getByRole('switch', { name: 'Buy now only' });
const collectionPath = (query = '') => `/colection/${collectionId}${query}`;

async function expectFirstCards(page: Page, expected: { name: string; price: bigint }[]) {
  await expect
    .poll(async () => (await gridCards(page)).slice(0, expected.length))
    .toEqual(expected.map(({ name, price }) => ({ name, price: `${usdt3(price)} USDT` })));
}

test.describe('collection browse', () => {
  test('sort by price: low to high and high to low follow the chain listing prices', async ({ page, wallet }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    const cost = await mintCost(chain.provider, desert.address);
    const listed = await listedOnGrid();
    // Listings under the mint cost come before every unminted card (which shows the cost); above it, they lead the
    // high-to-low order (minted, unlisted tokens show no price and come last).
    const cheap = listed.filter((listing) => listing.price < cost).sort(byPrice);
    const dear = listed
      .filter((listing) => listing.price > cost)
      .sort((a, b) => byPrice(b, a) || a.tokenId - b.tokenId);
    expect(cheap.length).toBeGreaterThanOrEqual(3);
    expect(dear.length).toBeGreaterThanOrEqual(1);

    await page.goto(appUrl(collectionPath()));
    await expect(page.getByRole('heading', { level: 1, name: desert.name })).toBeVisible();
    await sortSelect(page).selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/[?&]sort=price-asc(&|$)/);
    await expectFirstCards(page, cheap);

    await sortSelect(page).selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/[?&]sort=price-desc(&|$)/);
    await expectFirstCards(page, dear);
  });

  test('recently listed: the newest listing on the chain comes first', async ({ page, wallet }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    const listed = (await listedOnGrid()).sort((a, b) => (a.itemId > b.itemId ? -1 : 1));
    await page.goto(appUrl(collectionPath('?sort=recent')));
    await expect(sortSelect(page)).toHaveValue('recent');
    await expectFirstCards(page, listed.slice(0, 4));
  });

  test('buy now only: the grid holds exactly the tokens the marketplace lists, with their chain prices', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    const listed = (await listedOnGrid()).sort((a, b) => a.tokenId - b.tokenId);
    await page.goto(appUrl(collectionPath()));
    // From the keyboard: Tab reaches the switch, Space turns it on.
    await sortSelect(page).focus();
    await page.keyboard.press('Tab');
    await expect(buyNowSwitch(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(buyNowSwitch(page)).toBeChecked();
    await expect(page).toHaveURL(/[?&]buy=1(&|$)/);
    await expect
      .poll(() => gridCards(page))
      .toEqual(listed.map(({ name, price }) => ({ name, price: `${usdt3(price)} USDT` })));
  });

  test('the URL keeps the choice: a shared link, a reload and Back restore it; a malformed link opens the default grid', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    const cheapest = (await listedOnGrid()).sort(byPrice)[0]!;
    await page.goto(appUrl(collectionPath()));
    await sortSelect(page).selectOption({ label: 'Price: low to high' });
    // The switch follows the URL, which changes a moment after the click: click, then wait for the state.
    await buyNowSwitch(page).click();
    await expect(buyNowSwitch(page)).toBeChecked();
    await expect(page).toHaveURL(/\?sort=price-asc&buy=1$/);
    await expectFirstCards(page, [cheapest]);
    const shared = page.url();

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('price-asc');
    await expect(buyNowSwitch(page)).toBeChecked();
    await expectFirstCards(page, [cheapest]);

    // Open the first card, then Back: the same choice and order.
    await page.getByRole('link', { name: `Open ${cheapest.name}`, exact: true }).click();
    await expect(page).toHaveURL(/\/ItemDetail\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(shared);
    await expect(sortSelect(page)).toHaveValue('price-asc');
    await expect(buyNowSwitch(page)).toBeChecked();
    await expectFirstCards(page, [cheapest]);

    // A link in a fresh tab opens on the same choice.
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(sortSelect(other)).toHaveValue('price-asc');
    await expectFirstCards(other, [cheapest]);
    await other.close();

    await page.goto(appUrl(collectionPath('?sort=%27%3Bdrop&status=1,abc&buy=yes&q=')));
    await expect(sortSelect(page)).toHaveValue('token');
    await expect(buyNowSwitch(page)).not.toBeChecked();
    const names = await cmsTokenNames(collectionId);
    const first = Math.min(...names.keys());
    await expect.poll(async () => (await gridCards(page))[0]?.name).toBe(shownName(names.get(first)!));
  });

  test('first screen at 375: a card is in view without scrolling, two cards a row from 360 px', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(appUrl(collectionPath()));
    const grid = page.getByRole('region', { name: 'Items in this collection' });
    const firstCard = grid.getByRole('listitem').first();
    await expect(firstCard).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(firstCard).toBeInViewport();
    // The card's image and name, not only its top edge.
    const box = (await firstCard.boundingBox())!;
    expect(box.y + box.height / 2).toBeLessThan(812);

    // Details and filters wait behind their toggle, which opens them.
    const toggle = page.getByRole('button', { name: 'Details and filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: 'Status' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide details and filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('group', { name: 'Status' })).toBeVisible();
    await expect(page.getByLabel('Collection stats')).toBeVisible();

    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 812 });
      const [a, b] = await grid
        .getByRole('listitem')
        .evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().top));
      expect(a, `two cards share the first row at ${width} px`).toBe(b);
    }
  });

  test('screenshots of the collection page at 375 and 1366 px in English and Italian', async ({ page, wallet }) => {
    test.setTimeout(120_000);
    await listOwnTokens(page, wallet);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const language of ['en', 'it'] as const) {
      await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(appUrl(collectionPath()));
        const grid = page.getByRole('region', {
          name: language === 'en' ? 'Items in this collection' : 'Elementi di questa collezione',
        });
        await expect(grid.getByRole('listitem').first()).toBeVisible();
        await expect(page.getByRole('combobox', { name: language === 'en' ? 'Sort by' : 'Ordina per' })).toBeVisible();
        await page.screenshot({ path: join(SCREENSHOT_DIR, `collection-${width}-${language}.png`) });
      }
    }
  });
});
