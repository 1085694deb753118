import { Contract, parseEther, parseUnits, Wallet, type InterfaceAbi } from 'ethers';
import { expect, test } from './fixtures.ts';
import { artifactAbi, ERC20_ABI, SWAP_ABI, testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { mined } from './helpers/facts.ts';
import { expectOutcome, manage, sentTransactions, signInAs, swapFacts, type Order } from './helpers/swap.ts';

/**
 * Issue 39's market on the real stack: one price convention (USDT per Natura) from the form to the chain and back,
 * the market view against the book as the chain holds it, and the price check before money leaves. Every test runs
 * on fresh random accounts inside an `evm_snapshot` it reverts, so no other spec sees its orders or trades; Natura
 * for the fresh accounts comes from the default test wallet (#2), inside the same snapshot.
 */

const NATURA_SOURCE = reserved('swap-market.spec.ts').accounts.naturaSource;
const NAT = 10n ** 18n;
const USDT = 10n ** 6n;
/** p USDT-per-NAT (6 decimals) × q NAT-per-USDT (18 decimals) = 10^24: the test's own conversion, not the app's. */
const PRODUCT = USDT * NAT;

function chain() {
  const f = swapFacts();
  const { d, provider } = f;
  const swap = new Contract(d.contracts.swap, SWAP_ABI, provider);
  const send = async (signer: Wallet, address: string, abi: InterfaceAbi, fn: string, args: unknown[]) => {
    const tx = (await new Contract(address, abi, signer).getFunction(fn)(...args)) as { hash: string };
    expect((await mined(provider, tx.hash)).status, `${fn} mined`).toBe(1);
  };
  /** A fresh account with 100 POL, the faucet's USDT and `natura` Natura from the default test wallet. */
  const account = async (natura = 0n): Promise<Wallet> => {
    const signer = new Wallet(Wallet.createRandom().privateKey, provider);
    await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
    await send(signer, d.contracts.usdt, testUsdtAbi(), 'faucet', []);
    if (natura > 0n) {
      const source = new Wallet(d.accounts[NATURA_SOURCE.index]!.privateKey, provider);
      await send(source, d.contracts.natura, artifactAbi('Natura'), 'transfer', [signer.address, natura]);
    }
    return signer;
  };
  /** An order made on the chain (as another front end would); returns its id. */
  const createOrder = async (
    signer: Wallet,
    order: { token: 'natura' | 'usdt'; amountA: bigint; price: bigint; orderType: 'sell' | 'buy' },
  ): Promise<number> => {
    const tokenA = order.token === 'natura' ? d.contracts.natura : d.contracts.usdt;
    const id = (await f.orders()).length;
    await send(signer, tokenA, ERC20_ABI, 'approve', [d.contracts.swap, order.amountA]);
    await send(signer, d.contracts.swap, SWAP_ABI, 'createOrder', [
      tokenA,
      order.amountA,
      order.price,
      order.orderType,
    ]);
    return id;
  };
  /** One order as `getOrderById` returns it, as a plain object. */
  const getOrderById = async (id: number): Promise<Order> => {
    const { owner, tokenA, amountA, price, orderType, status } = (await swap.getFunction('getOrderById')(id)) as Order;
    return { owner, tokenA, amountA, price, orderType, status };
  };
  /** `taker` fills order `id` on the chain: approves exactly P and swaps. */
  const fill = async (taker: Wallet, id: number) => {
    const order = await getOrderById(id);
    const natura = order.tokenA.toLowerCase() === d.contracts.natura.toLowerCase();
    const pays = order.price * (order.amountA / (natura ? NAT : USDT));
    await send(taker, natura ? d.contracts.usdt : d.contracts.natura, ERC20_ABI, 'approve', [d.contracts.swap, pays]);
    await send(taker, d.contracts.swap, SWAP_ABI, 'swap', [id]);
  };
  /** Runs `body` and undoes everything it did on the chain. */
  const isolated = async (body: () => Promise<void>) => {
    const snapshot = (await provider.send('evm_snapshot', [])) as string;
    try {
      await body();
    } finally {
      await provider.send('evm_revert', [snapshot]);
    }
  };
  return { ...f, account, createOrder, fill, getOrderById, isolated };
}

test.describe('swap market', () => {
  test.describe.configure({ timeout: 240_000 });

  test('one price convention: a buy order entered at 1.25 USDT per Natura is stored as 0.8 NAT per USDT and shown as 1.25 everywhere', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    await c.isolated(async () => {
      const maker = await c.account();
      await signInAs(page, wallet, maker.privateKey);
      const id = (await c.orders()).length;

      await manage(page, 'Create new listing');
      const dialog = page.getByRole('dialog', { name: 'Create Listing' });
      await dialog.getByRole('button', { name: 'Buy Token' }).click();
      await dialog.getByLabel('Token', { exact: true }).selectOption('natura');
      await expect(dialog.getByText('Price of one Natura (USDT/NAT)')).toBeVisible();
      await dialog.getByPlaceholder(/Enter the price/).fill('1.25');
      await dialog.getByPlaceholder('Enter the amount').fill('10');
      await expect(dialog.getByTestId('stored-price')).toHaveText(
        'Stored as 0.800000000000000000 NAT per USDT = 1.25 USDT/NAT.',
      );
      const check = dialog.getByTestId('price-check');
      await expect(check).toHaveAttribute('data-far', /^(true|false)$/, { timeout: 30_000 });
      if ((await check.getAttribute('data-far')) === 'true') await check.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Create Listing' }).click();
      await expectOutcome(dialog, 'You have created a listing');
      await dialog.getByRole('button', { name: 'Done' }).click();

      // The chain holds the contract's unit: NAT wei per whole USDT, 10^24 ÷ 1 250 000 exactly.
      const stored = await c.getOrderById(id);
      expect(stored).toMatchObject({
        owner: maker.address,
        tokenA: c.d.contracts.usdt,
        amountA: 10n * USDT,
        price: PRODUCT / 1_250_000n,
        orderType: 'buy',
        status: 1n,
      });
      expect(stored.price).toBe(parseUnits('0.8', 18));

      // The book (Sell × Natura: people buying Natura) shows it at 1.25 USDT per Natura.
      await page.getByRole('button', { name: 'Sell', exact: true }).click();
      await page.getByRole('button', { name: 'Natura', exact: true }).click();
      const bookRow = page.locator(`tr[data-order-id="${id}"]`);
      await expect(bookRow.locator('td[data-label="Price/Token"]')).toContainText('1.250 USDT/NAT');

      // Your Listings: the same price, the kind in words, never Token "USDT" + type "buy".
      await manage(page, 'Your Listings');
      const listing = page.locator(`tr[data-order-id="${id}"]`);
      await expect(listing.locator('td[data-label="Price/Token"]')).toContainText('1.250 USDT/NAT');
      await expect(listing.locator('td[data-label="Listing Type"]')).toHaveText('Buying Natura');
      await expect(listing.locator('td[data-label="Token"]')).toHaveText('USDT deposited');

      // The edit form states the current price the same way.
      await page.getByRole('button', { name: `Edit order ${id}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Listing' });
      await expect(edit.getByTestId('edit-current')).toContainText('Buying Natura');
      await expect(edit.getByTestId('edit-current')).toContainText('at 1.25 USDT/NAT');
      await expect(edit.getByLabel('Update price*')).toHaveAttribute('placeholder', '1.25 USDT/NAT');
      await edit.getByRole('button', { name: 'Close' }).first().click();
    });
  });

  test('depth: best ask, best bid and spread equal the book as read from the chain', async ({ page, wallet }) => {
    const c = chain();
    await c.isolated(async () => {
      // A new ask and bid on both sides of whatever the book holds, so the figures move because of this test.
      const maker = await c.account(50n * NAT);
      const before = await c.orders();
      const open = (o: Order) => o.status === 1n;
      const isNatura = (o: Order) => o.tokenA.toLowerCase() === c.d.contracts.natura.toLowerCase();
      const isUsdt = (o: Order) => o.tokenA.toLowerCase() === c.d.contracts.usdt.toLowerCase();
      await c.createOrder(maker, { token: 'natura', amountA: 7n * NAT, price: 1_111_111n, orderType: 'sell' });
      await c.createOrder(maker, { token: 'natura', amountA: 3n * NAT, price: 1_111_111n, orderType: 'buy' });
      await c.createOrder(maker, {
        token: 'usdt',
        amountA: 20n * USDT,
        price: parseUnits('1.25', 18),
        orderType: 'buy',
      });
      const orders = await c.orders();
      expect(orders.length).toBe(before.length + 3);

      // The test's own reading of the book: asks are Natura deposits, bids USDT deposits (p = 10^24 ÷ q, half-up).
      const perNatura = (o: Order) => (isNatura(o) ? o.price : (PRODUCT + o.price / 2n) / o.price);
      const asks = orders.filter((o) => open(o) && isNatura(o)).map(perNatura);
      const bids = orders.filter((o) => open(o) && isUsdt(o) && o.price > 0n).map(perNatura);
      const bestAsk = asks.reduce((a, b) => (b < a ? b : a));
      const bestBid = bids.reduce((a, b) => (b > a ? b : a));
      const askNatura = orders
        .filter((o) => open(o) && isNatura(o) && perNatura(o) === bestAsk)
        .reduce((sum, o) => sum + o.amountA, 0n);

      await signInAs(page, wallet, maker.privateKey);
      const market = page.getByRole('region', { name: /Market/ });
      await expect(market.getByTestId('market-bestAsk')).toHaveAttribute('data-value', String(bestAsk));
      await expect(market.getByTestId('market-bestBid')).toHaveAttribute('data-value', String(bestBid));
      await expect(market.getByTestId('market-spread')).toHaveAttribute('data-value', String(bestAsk - bestBid));
      await expect(market.getByTestId('market-bestAsk')).toContainText('USDT/NAT');
      // The depth (on request): the best level of each side first, the ask level summing every order at that price.
      await market.getByRole('button', { name: 'Show depth' }).click();
      const firstAsk = market.getByTestId('depth-asks').locator('tbody tr').first();
      await expect(firstAsk).toHaveAttribute('data-price', String(bestAsk));
      await expect(market.getByTestId('depth-bids').locator('tbody tr').first()).toHaveAttribute(
        'data-price',
        String(bestBid),
      );
      if (bestAsk === 1_111_111n) {
        expect(askNatura).toBeGreaterThanOrEqual(10n * NAT);
        await expect(firstAsk).toContainText(/1[0-9,.]* NAT/);
      }
    });
  });

  test('far from the last trade: a trade at 2.5× the last trade needs the second confirmation; cancelling sends nothing', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    await c.isolated(async () => {
      const maker = await c.account(20n * NAT);
      const other = await c.account();
      // The last trade: 2 NAT at 1 USDT per Natura, filled on the chain.
      const traded = await c.createOrder(maker, { token: 'natura', amountA: 2n * NAT, price: USDT, orderType: 'sell' });
      await c.fill(other, traded);
      expect((await c.getOrderById(traded)).status).toBe(0n);
      // The order to take: 2.5× that.
      const id = await c.createOrder(maker, {
        token: 'natura',
        amountA: 4n * NAT,
        price: 2_500_000n,
        orderType: 'sell',
      });

      const taker = await c.account();
      await signInAs(page, wallet, taker.privateKey);
      const market = page.getByRole('region', { name: /Market/ });
      await expect(market.getByTestId('market-lastTrade')).toHaveAttribute('data-value', String(USDT));
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await page.getByRole('button', { name: 'Natura', exact: true }).click();
      const requestsBefore = wallet.requests.length;
      await page.getByRole('button', { name: `Trade order ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Trade' });
      const check = dialog.getByTestId('price-check');
      await expect(check).toHaveAttribute('data-far', 'true', { timeout: 30_000 });
      await expect(check).toContainText('Effective price: 2.5 USDT/NAT.');
      await expect(check).toContainText('150.0% above the last trade (1 USDT/NAT)');
      const confirm = check.getByRole('checkbox');
      await expect(confirm).not.toBeChecked();

      // The dialog's button alone sends nothing; closing sends nothing.
      await dialog.getByRole('button', { name: 'Trade', exact: true }).click();
      await expect(confirm).toHaveClass(/is-invalid/);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();
      const sinceOpen = wallet.requests.slice(requestsBefore).map((r) => r.method);
      expect(sinceOpen.filter((m) => m === 'eth_sendTransaction' || m.startsWith('eth_sign'))).toEqual([]);
      expect(sentTransactions(wallet)).toHaveLength(0);
      expect((await c.getOrderById(id)).status).toBe(1n);

      // With the second confirmation, the same trade goes through.
      await page.getByRole('button', { name: `Trade order ${id}` }).click();
      await dialog.getByTestId('price-check').getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Trade', exact: true }).click();
      await expectOutcome(dialog, 'Transaction Successfull');
      expect((await c.getOrderById(id)).status).toBe(0n);
    });
  });
});
