import { appUrl, expect, expectSignedIn, test } from './fixtures.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { historyChain, iso, natura2 } from './helpers/history.ts';
import { openProfileAs } from './helpers/profile.ts';

/**
 * What happened, read from the chain (issue 38 items 5–7): the swap's trades with their times and the price chart,
 * a staker's reward history and total, and an account's activity on its profile. Fresh accounts act straight on
 * anvil; the chain's clock is moved forward instead of waiting. Every figure is compared with the chain.
 */

const TOKENS = reserved('history-activity.spec.ts').tokens;
const HOUR = 3_600;
const DAY = 86_400;

test('trade history: two trades shown newest first with their times; the chart has two points', async ({ page }) => {
  const chain = historyChain();
  const [maker, taker] = [await chain.account('10'), await chain.account('10')];
  // A Natura-deposit order at 1.5 USDT per NAT, then (an hour later) a USDT deposit at 0.5 NAT per USDT = 2 USDT per NAT.
  const first = await chain.trade(maker, taker, { token: 'natura', amount: '2', price: '1.5', orderType: 'sell' });
  await chain.travel(HOUR);
  const second = await chain.trade(maker, taker, { token: 'usdt', amount: '3', price: '0.5', orderType: 'buy' });
  const times = [await chain.blockTime(second.fill), await chain.blockTime(first.fill)];

  await page.goto(appUrl('/swapping'));
  const trades = page.getByRole('region', { name: 'Last trades' });
  await expect(trades.getByTestId('swap-last-trade')).toContainText('Last trade price: 2.000 USDT per NAT', {
    timeout: 30_000,
  });
  await expect(trades.getByTestId('swap-last-trade').locator('time')).toHaveAttribute('datetime', iso(times[0]!));
  // The chart draws every fill on the chain (the seed's and other specs' too): ours are its newest two points.
  const fills = await chain.fillCount();
  const chart = trades.getByTestId('swap-price-chart');
  await expect(chart).toHaveAttribute('data-points', String(Math.min(fills, 30)));
  await expect(chart.locator('canvas')).toBeVisible();
  const points = trades.getByRole('table', { name: /Prices? of the last/ }).locator('tbody tr');
  await expect(points.nth(-1)).toContainText('2.000 USDT');
  await expect(points.nth(-2)).toContainText('1.500 USDT');
  expect(await points.count()).toBeGreaterThanOrEqual(2);

  await page.getByRole('button', { name: 'Record' }).click();
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows.nth(0)).toHaveAttribute('data-order-id', String(second.id));
  await expect(rows.nth(1)).toHaveAttribute('data-order-id', String(first.id));
  await expect(rows.nth(0).locator('time')).toHaveAttribute('datetime', iso(times[0]!));
  await expect(rows.nth(1).locator('time')).toHaveAttribute('datetime', iso(times[1]!));
  await expect(rows.nth(0)).toContainText('Successful');
});

test('claim history: after two claims, the total earned equals the sum received on chain', async ({ page, wallet }) => {
  const chain = historyChain();
  const tokenId = TOKENS['amazon-canopy'].claimHistory;
  const staker = await chain.account();
  await chain.mint(staker, 'amazon-canopy', tokenId);
  await chain.stake(staker, 'amazon-canopy', tokenId);
  const before = await chain.naturaOf(staker.address);
  // A claim after two days, then an unstake (which pays the third day as its own claim).
  await chain.travel(2 * DAY + HOUR);
  const claimed = await chain.claim(staker, 'amazon-canopy', tokenId);
  await chain.travel(DAY + HOUR);
  const unstaked = await chain.unstake(staker, 'amazon-canopy', tokenId);
  const received = (await chain.naturaOf(staker.address)) - before;
  expect(received).toBeGreaterThan(0n);

  wallet.useAccount(staker.privateKey);
  await page.goto(appUrl('/nft-staking'));
  await page.locator('.staking-page').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
  await expectSignedIn(page, wallet.address);
  const history = page.getByRole('region', { name: 'Your rewards' });
  await expect(history.getByTestId('staking-total-earned')).toHaveText(
    `Total Natura earned so far: ${natura2(received)} Natura`,
    { timeout: 30_000 },
  );
  const rows = history.getByRole('table', { name: 'Your rewards, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const name = `${chain.collection('amazon-canopy').name}#${tokenId}`;
  await expect(rows.nth(0)).toContainText(`${name} (paid on unstake)`);
  await expect(rows.nth(1)).toContainText(name);
  await expect(rows.nth(0).locator('time')).toHaveAttribute('datetime', iso(await chain.blockTime(unstaked)));
  await expect(rows.nth(1).locator('time')).toHaveAttribute('datetime', iso(await chain.blockTime(claimed)));
  // Each row's amount is the Natura its transaction paid the staker; together exactly what the staker received.
  const paid = [chain.naturaPaid(unstaked, staker.address), chain.naturaPaid(claimed, staker.address)];
  expect(paid[0]! + paid[1]!).toBe(received);
  await expect(rows.nth(0)).toContainText(`${natura2(paid[0]!)} Natura`);
  await expect(rows.nth(1)).toContainText(`${natura2(paid[1]!)} Natura`);
});

test("profile activity: the account's actions shown newest first", async ({ page, wallet }) => {
  const chain = historyChain();
  const tokenId = TOKENS['desert-bloom'].profileActivity;
  const [me, maker] = [await chain.account(), await chain.account('5')];
  const minted = await chain.mint(me, 'desert-bloom', tokenId);
  await chain.travel(HOUR);
  const { listed, released } = await chain.listAndRelease(me, 'desert-bloom', tokenId, '25');
  await chain.travel(HOUR);
  const traded = await chain.trade(maker, me, { token: 'natura', amount: '1', price: '1.25', orderType: 'sell' });

  await openProfileAs(page, wallet, me.privateKey);
  await page.getByRole('tab', { name: 'Activity' }).click();
  const rows = page.getByRole('table', { name: 'Your activity on the chain, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(4, { timeout: 30_000 });
  const kinds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')));
  expect(kinds).toEqual(['trade', 'release', 'listing', 'mint']);
  const name = `${chain.collection('desert-bloom').name}#${tokenId}`;
  await expect(rows.nth(0)).toContainText('Swap trade (you filled an order)');
  await expect(rows.nth(0)).toContainText('at 1.250 USDT per NAT');
  await expect(rows.nth(1)).toContainText(`Release${name}`);
  await expect(rows.nth(2)).toContainText(`Listing${name}25.000 USDT`);
  await expect(rows.nth(3)).toContainText(`Mint${name}`);
  const receipts = [traded.fill, released, listed, minted];
  for (const [index, receipt] of receipts.entries()) {
    await expect(rows.nth(index).locator('time')).toHaveAttribute('datetime', iso(await chain.blockTime(receipt)));
  }
  // The local stack has no explorer: no links.
  await expect(rows.getByRole('link')).toHaveCount(0);
});
