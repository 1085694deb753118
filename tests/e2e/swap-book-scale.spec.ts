import type { Page, Route } from '@playwright/test';
import { Interface, Wallet } from 'ethers';
import { appUrl, expect, stackInfo, test } from './fixtures.ts';
import { SWAP_ABI } from './helpers/abis.ts';
import { swapFacts } from './helpers/swap.ts';
import { findOrderBookSlot, writeOrders } from '../../scripts/stack/swap-storage.ts';

/**
 * The order book at scale (issue 39 items 5–6; src/lib/chain/swap-book.ts): a second visit reads only the new orders
 * and those last seen open; a node whose call gas cap is below one getOrders() still shows the whole book. Orders are
 * the maker's (#1, shared). "paged record" writes its 1 000 closed orders straight into the swap's storage (as the
 * bench does: by transaction they take minutes) inside a snapshot it reverts.
 */

const swapIface = new Interface(SWAP_ABI);
const SELECTORS = new Map(
  ['getOrders', 'getOrderById', 'ordersCount'].map((name) => [swapIface.getFunction(name)!.selector, name]),
);

interface SwapCall {
  name: string;
  id?: number;
}

const isRpc = (url: string) => url.startsWith(stackInfo().rpcUrl.replace(/\/+$/, ''));

/** Every eth_call the page sends to the swap contract, by function (and order id); `forward` answers the request. */
async function countSwapCalls(page: Page, swap: string, forward: (route: Route) => Promise<void>) {
  const calls: SwapCall[] = [];
  await page.route(
    (url) => isRpc(url.href),
    async (route) => {
      const body: unknown = route.request().postDataJSON();
      const requests = (Array.isArray(body) ? body : [body]) as {
        method?: string;
        params?: [{ to?: string; data?: string }];
      }[];
      for (const request of requests) {
        const call = request.params?.[0];
        if (request.method !== 'eth_call' || call?.to?.toLowerCase() !== swap.toLowerCase() || !call.data) continue;
        const name = SELECTORS.get(call.data.slice(0, 10));
        if (!name) continue;
        calls.push(
          name === 'getOrderById'
            ? { name, id: Number(swapIface.decodeFunctionData('getOrderById', call.data)[0]) }
            : { name },
        );
      }
      await forward(route);
    },
  );
  return calls;
}

test.describe('the order book at scale', () => {
  test.describe.configure({ timeout: 240_000 });

  test('order book sync: a second visit reads ordersCount, the new orders and those last seen open, nothing else', async ({
    page,
  }) => {
    const f = swapFacts();
    const swap = f.d.contracts.swap;
    // The cheapest Buy/Natura orders: on the first page of the book's first tab.
    const first = await f.createOrderOnChain(f.maker.privateKey, {
      token: 'natura',
      amount: '1',
      price: '0.000002',
      orderType: 'sell',
    });
    const calls = await countSwapCalls(page, swap, (route) => route.continue());
    await page.goto(appUrl('/swapping'));
    await expect(page.locator(`tr[data-order-id="${first}"]`)).toBeVisible();
    const before = await f.orders();
    const openBefore = before.flatMap((order, id) => (order.status === 1n ? [id] : []));
    expect(calls.filter((c) => c.name === 'ordersCount').length).toBeGreaterThan(0);

    const added = await f.createOrderOnChain(f.maker.privateKey, {
      token: 'natura',
      amount: '1',
      price: '0.000001',
      orderType: 'sell',
    });
    const after = await f.orders();
    calls.length = 0;
    await page.reload();
    await expect(page.locator(`tr[data-order-id="${added}"]`)).toBeVisible();
    const read = [...calls];
    const newIds = Array.from({ length: after.length - before.length }, (_, i) => before.length + i);
    expect(read.filter((c) => c.name === 'getOrders')).toHaveLength(0);
    expect(read.filter((c) => c.name === 'ordersCount').length).toBeGreaterThan(0);
    const byId = read.flatMap((c) => (c.name === 'getOrderById' ? [c.id!] : [])).sort((a, b) => a - b);
    expect(byId).toEqual([...openBefore, ...newIds].sort((a, b) => a - b));
    expect(byId.length).toBeLessThan(after.length + 1);
  });

  test('past the gas cap: a node whose call gas cap is below one getOrders() still shows the whole book', async ({
    page,
  }) => {
    const f = swapFacts();
    const swap = f.d.contracts.swap;
    const readAll = swapIface.encodeFunctionData('getOrders');
    const bookGas = await f.provider.estimateGas({ to: swap, data: readAll });
    // A node with an eth_call gas cap below the book, as geth's RPCGasCap: every call's gas is lowered to the cap
    // before the stack's anvil runs it (anvil itself, forked or not, answered a 250 M-gas call above its block limit).
    const cap = (bookGas * 3n) / 4n;
    const capped = (gas: unknown) =>
      `0x${(typeof gas === 'string' && BigInt(gas) < cap ? BigInt(gas) : cap).toString(16)}`;
    {
      // The one call fails under this cap, whatever gas it asks for (the app asks 250 M).
      const oneCall = await f.provider
        .send('eth_call', [{ to: swap, data: readAll, gas: capped('0xee6b280') }, 'latest'])
        .then(
          () => 'answered',
          (error: unknown) => String(error),
        );
      expect(oneCall).toMatch(/out ?of ?gas|CALL_EXCEPTION/i);
    }
    try {
      const calls = await countSwapCalls(page, swap, async (route) => {
        const body: unknown = route.request().postDataJSON();
        const list = (Array.isArray(body) ? body : [body]) as { method?: string; params?: [{ gas?: string }] }[];
        for (const request of list)
          if (request.method === 'eth_call' && request.params?.[0])
            request.params[0].gas = capped(request.params[0].gas);
        const response = await route.fetch({ postData: JSON.stringify(body) });
        await route.fulfill({ response });
      });
      const orders = await f.orders();
      const natura = f.d.contracts.natura.toLowerCase();
      const shown = orders
        .map((order, id) => ({ ...order, id }))
        .filter((o) => o.status === 1n && o.tokenA.toLowerCase() === natura && o.orderType === 'sell')
        .sort((a, b) => (a.price === b.price ? a.id - b.id : a.price < b.price ? -1 : 1))
        .slice(0, 25)
        .map((o) => String(o.id));
      expect(shown.length).toBeGreaterThan(0);
      await page.goto(appUrl('/swapping'));
      await expect(page.locator('tr[data-order-id]')).toHaveCount(shown.length);
      await expect(page.locator('tr[data-order-id]').first()).toHaveAttribute('data-order-id', shown[0]!);
      const ids = await page
        .locator('tr[data-order-id]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id')));
      expect(ids).toEqual(shown);
      await expect(page.getByText('The order book could not be read.')).toHaveCount(0);
      // It was the fallback that read it: the one call failed, then every order by id.
      expect(calls.filter((c) => c.name === 'getOrders').length).toBeGreaterThan(0);
      expect(new Set(calls.flatMap((c) => (c.name === 'getOrderById' ? [c.id] : []))).size).toBe(orders.length);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  test('paged record: with 1 000 closed orders more, a Record click renders one page of rows', async ({ page }) => {
    const f = swapFacts();
    const { provider } = f;
    const swap = f.d.contracts.swap;
    const rpcUrl = stackInfo().rpcUrl;
    const start = (await f.orders()).length;
    const snapshot = (await provider.send('evm_snapshot', [])) as string;
    try {
      const slot = await findOrderBookSlot(rpcUrl, swap, start);
      // A stranger's 1 000 cancelled one-Natura sell orders at 1 USDT per Natura (price in USDT base units).
      const stranger = Wallet.createRandom().address;
      await writeOrders(rpcUrl, swap, slot, { from: start, to: start + 1000 }, () => ({
        owner: stranger,
        tokenA: f.d.contracts.natura,
        amountA: 10n ** 18n,
        price: 1_000_000n,
        orderType: 'sell',
        status: 2,
      }));
      const orders = await f.orders();
      expect(orders.slice(start).filter((o) => o.status === 2n)).toHaveLength(1000);
      const tokens = [f.d.contracts.usdt, f.d.contracts.natura].map((a) => a.toLowerCase());
      const closed = orders.filter((o) => o.status !== 1n && tokens.includes(o.tokenA.toLowerCase())).length;
      const pages = Math.ceil(closed / 25);

      const shownIds = () =>
        page
          .locator('tr[data-order-id]')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-order-id'))));
      await page.goto(appUrl('/swapping'));
      await expect(page.getByTestId('swap-tab-line')).toBeVisible();
      await page.getByRole('button', { name: 'Record', exact: true }).click();
      await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await expect(page.locator('tr[data-order-id]')).toHaveCount(25);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
      await expect(page.locator('tr[data-order-id]')).toHaveCount(25);

      // Newest first, page after page: among the cancelled orders (no trade time to order by), the ones just written
      // come by id from the last one down.
      await page.getByRole('button', { name: 'Filter records' }).click();
      await page.getByRole('button', { name: 'Cancelled Listings' }).click();
      await expect(page.getByText(/^Page 1 of /)).toBeVisible();
      await expect.poll(shownIds).toEqual(Array.from({ length: 25 }, (_, i) => start + 999 - i));
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByText(/^Page 2 of /)).toBeVisible();
      await expect.poll(shownIds).toEqual(Array.from({ length: 25 }, (_, i) => start + 974 - i));
    } finally {
      await provider.send('evm_revert', [snapshot]);
    }
    // The shared chain is as before for every later spec.
    expect(await f.orders()).toHaveLength(start);
  });
});
