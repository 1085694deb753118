import type { Page } from '@playwright/test';
import { Contract } from 'ethers';
import { appUrl, expect, test } from './fixtures.ts';
import { NFT_COLLECTION_ABI } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { card } from './helpers/browsing.ts';
import { cmsWriteAsUser, signInForCmsToken } from './helpers/cms-user.ts';
import { collectionByAddress, usdt3 } from './helpers/facts.ts';
import { cmsNftRow, historyChain } from './helpers/market-history.ts';

/**
 * What happened, from the chain (issue 38) on the real stack: trades are sent straight to anvil by fresh accounts,
 * CMS rows are written as any signed-in user may write them, and the screens must say what the chain says. The
 * default wallet only signs in for those CMS writes; the tokens are this spec's own (helpers/accounts-and-tokens.ts).
 */

const TOKENS = reserved('history-nft.spec.ts').tokens;
const U = 1_000_000n;

/** The NFT collections table's row of a collection (name cell, then the five figures). */
const dashboardRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'NFT Collections' }).getByRole('row').filter({ hasText: name });

/** The value of a `<dt>` term in a region's stats list. */
const stat = (page: Page, region: string, term: string) =>
  page
    .getByRole('region', { name: region })
    .locator('div', { has: page.locator('dt', { hasText: term }) })
    .locator('dd');

test.describe('history from the chain', () => {
  // Each test sends its own trades (a dozen mined transactions) before it opens a page.
  test.slow();

  test('forged history: a CMS transaction row the chain does not confirm is shown as not found on chain, and is neither the Last sale price nor the dashboard Last Trade Price', async ({
    page,
    wallet,
  }) => {
    const chain = historyChain();
    const coral = chain.collection('coral-guardians');
    const tokenId = TOKENS['coral-guardians'].forged;
    const [seller, buyer] = [await chain.account(), await chain.account()];
    const price = 17_250_000n;
    await seller.mint(coral.address, tokenId);
    await buyer.buy(coral.address, await seller.list(coral.address, tokenId, price), price);

    const jwt = await signInForCmsToken(page, wallet);
    const nftId = await cmsNftRow(jwt, 'coral-guardians', tokenId, {
      owner: buyer.address,
      nft_status: 3,
      price: 17.25,
    });
    const collection = (await collectionByAddress(coral.address)).id;
    const row = (price: string) => ({
      collection,
      nft_v_1: nftId,
      from_address: seller.address,
      to_address: buyer.address,
      price,
      desc: 'Buy',
    });
    // The honest record of the sale, as the checkout writes it, then a forged one (newer, so first in the list).
    await cmsWriteAsUser(jwt, 'POST', '/api/transactions', row('17.25'));
    await cmsWriteAsUser(jwt, 'POST', '/api/transactions', row('987654'));

    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    const history = page.getByRole('region', { name: 'Price History' });
    const check = (text: string) => history.getByRole('row').filter({ hasText: text }).locator('.price-history-check');
    await expect(check('987654.000')).toHaveText('not found on chain');
    await expect(check('17.250')).toHaveText('on chain');
    await expect(page.getByTestId('last-sale-price')).toHaveText('17.250 USDT');

    const figures = await chain.figures(coral.address);
    expect(figures.lastSale).toBe(price);
    await page.goto(appUrl('/dashboard'));
    const cells = dashboardRow(page, coral.name).locator('td');
    await expect(cells.last()).toHaveText(`USDT ${usdt3(price)}`);
    await expect(dashboardRow(page, coral.name)).not.toContainText('987');
  });

  test('activity: after a mint, a list, a sale and a release the NFT’s Activity shows the four with the right prices', async ({
    page,
    wallet,
  }) => {
    const chain = historyChain();
    const desert = chain.collection('desert-bloom');
    const tokenId = TOKENS['desert-bloom'].activity;
    const [seller, buyer] = [await chain.account(), await chain.account()];
    const { cost } = await seller.mint(desert.address, tokenId);
    const price = 12_500_000n;
    await buyer.buy(desert.address, await seller.list(desert.address, tokenId, price), price);
    await buyer.release(await buyer.list(desert.address, tokenId, 20n * U));
    const [, royalty] = (await new Contract(desert.address, NFT_COLLECTION_ABI, chain.provider).getFunction(
      'royaltyInfo',
    )(tokenId, price)) as [string, bigint];

    const jwt = await signInForCmsToken(page, wallet);
    const nftId = await cmsNftRow(jwt, 'desert-bloom', tokenId, { owner: buyer.address, nft_status: 3, price: 20 });
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    const entries = page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
    await expect(entries).toHaveCount(5);
    const expected = [
      ['Released from sale'],
      ['Listed', '20.000 USDT'],
      ['Sale', `${usdt3(price)} USDT`, ...(royalty > 0n ? [`Royalty ${usdt3(royalty)} USDT`] : [])],
      ['Listed', `${usdt3(price)} USDT`],
      ['Mint', `${usdt3(cost)} USDT`],
    ];
    for (const [index, texts] of expected.entries()) {
      for (const text of texts) await expect(entries.nth(index)).toContainText(text);
      // Each with its block time; the local chain has no explorer, so no link.
      await expect(entries.nth(index).locator('time')).toHaveCount(1);
    }
    await expect(entries.getByRole('link')).toHaveCount(0);
    await expect(entries.nth(0)).not.toContainText('USDT');
    await expect(page.getByTestId('last-sale-price')).toHaveText(`${usdt3(price)} USDT`);
  });

  test('collection stats: floor, listed, owners and volume equal the chain after the test’s own trades', async ({
    page,
  }) => {
    const chain = historyChain();
    const desert = chain.collection('desert-bloom');
    const { statsSold, statsListed } = TOKENS['desert-bloom'];
    const [seller, buyer] = [await chain.account(), await chain.account()];
    await seller.mint(desert.address, statsSold);
    await seller.mint(desert.address, statsListed);
    const before = await chain.figures(desert.address);
    await buyer.buy(desert.address, await seller.list(desert.address, statsSold, 4_500_000n), 4_500_000n);
    await seller.list(desert.address, statsListed, 4_250_000n);
    const after = await chain.figures(desert.address);
    expect(after.volume).toBe(before.volume + 4_500_000n);
    expect(after.listed).toBe(before.listed + 1);

    await page.goto(appUrl(`/colection/${(await collectionByAddress(desert.address)).id}`));
    const region = 'Market (from the blockchain)';
    await expect(stat(page, region, 'Floor')).toHaveText(`${usdt3(after.floor!)} USDT`);
    await expect(stat(page, region, 'Listed')).toHaveText(String(after.listed));
    await expect(stat(page, region, 'Owners')).toHaveText(String(after.owners));
    await expect(stat(page, region, 'Volume')).toHaveText(`${usdt3(after.volume)} USDT`);
    const sales = page.getByRole('region', { name: region }).getByRole('listitem');
    await expect(sales.first()).toContainText(`#${statsSold} 4.500 USDT`);
  });

  test('not for sale: a just-bought NFT’s card shows no price, whatever its CMS row says', async ({ page, wallet }) => {
    const chain = historyChain();
    const desert = chain.collection('desert-bloom');
    const { notForSale: tokenId, listedCard } = TOKENS['desert-bloom'];
    const [seller, buyer] = [await chain.account(), await chain.account()];
    await seller.mint(desert.address, tokenId);
    await buyer.buy(desert.address, await seller.list(desert.address, tokenId, 6_500_000n), 6_500_000n);
    await seller.mint(desert.address, listedCard);
    await seller.list(desert.address, listedCard, 6_750_000n);

    // The row still says what the listing wrote: status Buy Now at 6.5 USDT.
    const jwt = await signInForCmsToken(page, wallet);
    await cmsNftRow(jwt, 'desert-bloom', tokenId, { owner: seller.address, nft_status: 2, price: 6.5 });
    await cmsNftRow(jwt, 'desert-bloom', listedCard, { owner: seller.address, nft_status: 2, price: 6.75 });
    await page.goto(appUrl(`/colection/${(await collectionByAddress(desert.address)).id}`));
    const name = `${desert.name} #${tokenId}`;
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    const bought = card(page, name);
    await expect(bought).toHaveCount(1);
    await expect(bought.getByText('View', { exact: true })).toBeVisible();
    // The marketplace read has answered (a listed token reads Buy at its chain price) …
    const listed = `${desert.name} #${listedCard}`;
    await page.getByRole('searchbox').fill(listed);
    await page.getByRole('searchbox').press('Enter');
    await expect(card(page, listed)).toContainText('6.750 USDT');
    await expect(card(page, listed).getByText('Buy', { exact: true })).toBeVisible();
    // … and the bought one still shows no price.
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    await expect(card(page, name)).toHaveCount(1);
    await expect(card(page, name)).not.toContainText('USDT');
  });
});
