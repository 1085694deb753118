import type { Page } from '@playwright/test';
import { Contract, Wallet, type ContractTransactionResponse, type InterfaceAbi } from 'ethers';
import { appUrl, expect, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, SWAP_ABI } from './helpers/abis.ts';
import { swapFacts } from './helpers/swap.ts';

/**
 * Live pages (docs/architecture.md; src/lib/query/block-follower.ts): while a page with chain data is visible the app
 * follows new blocks, at most once per 12 s, and refreshes what it shows; a hidden tab sends nothing.
 * The maker (#1) and taker (#4) are the swap spec's shared accounts; the order made here is the cheapest Natura
 * sell order, so it is on the book's first page, and it is filled here.
 */

/** Follower interval (12 s) + the refetch: the expect timeout is the measure, not a sleep. */
const WITHIN_A_FOLLOW = { timeout: 30_000 };

const nodeRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(stackInfo().rpcUrl) || url.startsWith(stackInfo().cmsUrl)) seen.push(url);
  });
  return seen;
};

test('live book: an order made and then filled by other accounts appears and leaves the book without a reload', async ({
  page,
}) => {
  const f = swapFacts();
  await page.goto(appUrl('/swapping'));
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  const loads: string[] = [];
  page.on('load', () => loads.push('reload'));

  const id = await f.createOrderOnChain(f.maker.privateKey, {
    token: 'natura',
    amount: '2',
    price: '0.000111',
    orderType: 'sell',
  });
  const row = page.locator(`tr[data-order-id="${id}"]`);
  await expect(row).toBeVisible(WITHIN_A_FOLLOW);

  const taker = new Wallet(f.taker.privateKey, f.provider);
  const [order] = (await f.orders()).slice(id, id + 1);
  const cost = (order!.amountA * order!.price) / 10n ** 18n + 1n;
  const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
    const tx = (await new Contract(address, abi, taker).getFunction(method)(...args)) as ContractTransactionResponse;
    expect((await tx.wait())?.status, `${method} mined`).toBe(1);
  };
  await send(f.d.contracts.usdt, ERC20_ABI, 'approve', f.d.contracts.swap, cost);
  await send(f.d.contracts.swap, SWAP_ABI, 'swap', id);
  expect((await f.orders())[id]?.status).toBe(0n);

  await expect(row).toHaveCount(0, WITHIN_A_FOLLOW);
  await expect(page.getByText(/Blockchain figures updated \d+ s ago/)).toBeVisible();
  expect(loads).toEqual([]);
});

test('hidden tab: no requests while hidden; in view again it follows the chain', async ({ page }) => {
  await page.clock.install();
  await page.goto(appUrl('/swapping'));
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  // The page's first reads are over (the trade history is the last): what follows is the follower's alone.
  await expect(page.getByTestId('swap-last-trade')).toBeVisible();
  const seen = nodeRequests(page);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(120_000);
  expect(seen).toEqual([]);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(1_000);
  await expect.poll(() => seen.length).toBeGreaterThan(0);
});
