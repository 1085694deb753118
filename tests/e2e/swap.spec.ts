import type { Locator, Page } from '@playwright/test';
import { Contract, Interface, JsonRpcProvider, parseUnits } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { injectedProviderScript, type TestWallet } from './test-wallet.ts';

/**
 * The swap order book on the real stack (anvil + reference Swap.sol). Maker A = account #1, taker
 * B = account #4 (reserved for this spec). Every expectation reads the chain before and after:
 * the dashboard spec fills a seeded order with #4 and the profile spec spends #4's USDT.
 */

const ERC20 = ['function balanceOf(address) view returns (uint256)'];
const SWAP = [
  'function getOrders() view returns (tuple(address owner, address tokenA, uint256 amountA, uint256 price, string orderType, uint8 status)[])',
];
const approveIface = new Interface(['function approve(address spender, uint256 amount)']);

interface Order {
  owner: string;
  tokenA: string;
  amountA: bigint;
  price: bigint;
  orderType: string;
  status: bigint;
}

function facts() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const usdt = new Contract(d.contracts.usdt, ERC20, provider);
  const natura = new Contract(d.contracts.natura, ERC20, provider);
  const swap = new Contract(d.contracts.swap, SWAP, provider);
  const maker = d.accounts[1]!;
  const taker = d.accounts[4]!;
  return {
    d,
    maker,
    taker,
    orders: async () =>
      ((await swap.getFunction('getOrders')()) as Order[]).map(
        ({ owner, tokenA, amountA, price, orderType, status }): Order => ({
          owner,
          tokenA,
          amountA,
          price,
          orderType,
          status,
        }),
      ),
    balances: async (address: string) => ({
      usdt: (await usdt.getFunction('balanceOf')(address)) as bigint,
      natura: (await natura.getFunction('balanceOf')(address)) as bigint,
    }),
  };
}

/** "2,500,003.5 USDT" → base units. */
const units = (text: string, decimals: number) => parseUnits(text.replace(/[^\d.]/g, ''), decimals);

async function signInAs(page: Page, wallet: TestWallet, privateKey: string) {
  wallet.useAccount(privateKey);
  await page.goto(appUrl('/home'));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  await page.getByRole('link', { name: 'Swapping' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Swap your tokens' })).toBeVisible();
}

/** Tells the page the wallet now answers with another account (as a real wallet would). */
async function switchAccount(page: Page, wallet: TestWallet, privateKey: string, address: string) {
  wallet.useAccount(privateKey);
  await page.evaluate((next) => {
    (
      window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
    ).__terraMaterTestProvider.emit('accountsChanged', [next]);
  }, address);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { address?: string }))
    .toMatchObject({ address });
}

async function closeAlert(page: Page, text: string) {
  const popup = page.locator('.swal2-popup');
  await expect(popup).toContainText(text, { timeout: 30_000 });
  const ok = popup.getByRole('button', { name: 'OK' });
  if (await ok.isVisible()) await ok.click();
  await expect(popup).toBeHidden({ timeout: 5_000 });
}

async function manage(page: Page, item: 'Create new listing' | 'Your Listings') {
  await page.getByRole('button', { name: 'Manage your listings' }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
}

async function createListing(
  page: Page,
  listing: { intent: 'Sell Token' | 'Buy Token'; token: 'natura' | 'usdt'; price: string; amount: string },
): Promise<Locator> {
  await manage(page, 'Create new listing');
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await dialog.getByRole('button', { name: listing.intent }).click();
  await dialog.getByLabel('Token', { exact: true }).selectOption(listing.token);
  await dialog.getByPlaceholder(/Enter the price/).fill(listing.price);
  await dialog.getByPlaceholder('Enter the amount').fill(listing.amount);
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  return dialog;
}

/** Waits for the new order at the end of getOrders() and returns its id. */
async function newOrderId(f: ReturnType<typeof facts>, countBefore: number): Promise<number> {
  await expect.poll(async () => (await f.orders()).length, { timeout: 30_000 }).toBe(countBefore + 1);
  return countBefore;
}

const sentTransactions = (wallet: TestWallet) => wallet.requests.filter((r) => r.method === 'eth_sendTransaction');

test.describe('swap', () => {
  test.describe.configure({ timeout: 180_000 });

  test('A lists sell-Natura and buy-Natura orders; B takes both; balances move exactly as previewed; Record shows them Successful', async ({
    page,
    wallet,
  }) => {
    const f = facts();
    const { d, maker, taker } = f;
    await signInAs(page, wallet, maker.privateKey);

    // A: sell 2.5 NAT at 1.000001 USDT (the cost 2.5000025 USDT rounds up to 2.500003).
    let count = (await f.orders()).length;
    let dialog = await createListing(page, { intent: 'Sell Token', token: 'natura', price: '1.000001', amount: '2.5' });
    await closeAlert(page, 'You have created a listing');
    const sellId = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // A: buy Natura with 3.333333 USDT at 0.7 NAT per USDT.
    count = (await f.orders()).length;
    dialog = await createListing(page, { intent: 'Buy Token', token: 'natura', price: '0.7', amount: '3.333333' });
    await closeAlert(page, 'You have created a listing');
    const buyId = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const orders = await f.orders();
    expect(orders[sellId]).toMatchObject({
      tokenA: d.contracts.natura,
      amountA: parseUnits('2.5', 18),
      price: 1_000_001n,
      orderType: 'sell',
      status: 1n,
    });
    expect(orders[buyId]).toMatchObject({
      tokenA: d.contracts.usdt,
      amountA: 3_333_333n,
      price: parseUnits('0.7', 18),
      orderType: 'buy',
      status: 1n,
    });

    // B takes both.
    await switchAccount(page, wallet, taker.privateKey, taker.address);
    await page.reload();
    const trade = async (tab: { side: 'Buy' | 'Sell'; currency: 'Natura' | 'USDT' }, id: number) => {
      await page.getByRole('button', { name: tab.side, exact: true }).click();
      await page.getByRole('button', { name: tab.currency, exact: true }).click();
      await page.getByRole('button', { name: `Trade order ${id}` }).click();
      const tradeDialog = page.getByRole('dialog', { name: 'Trade' });
      const pay = (await tradeDialog.getByTestId('trade-pay').textContent()) ?? '';
      const receive = (await tradeDialog.getByTestId('trade-receive').textContent()) ?? '';
      const before = { maker: await f.balances(maker.address), taker: await f.balances(taker.address) };
      await tradeDialog.getByRole('button', { name: 'Trade', exact: true }).click();
      await expect(page.locator('.swal2-popup')).toContainText('Transaction Successfull', { timeout: 30_000 });
      await expect(page.locator('.swal2-popup')).toBeHidden({ timeout: 10_000 }); // closes by itself after 2 s
      await tradeDialog.getByRole('button', { name: 'Done' }).click();
      return {
        pay,
        receive,
        before,
        after: { maker: await f.balances(maker.address), taker: await f.balances(taker.address) },
      };
    };

    // Sell-Natura order: on Buy × Natura. B pays USDT, receives NAT minus 4 %.
    const first = await trade({ side: 'Buy', currency: 'Natura' }, sellId);
    expect(first.pay).toBe('2.500003 USDT');
    expect(first.receive).toBe('2.4 NAT');
    expect(first.before.taker.usdt - first.after.taker.usdt).toBe(units(first.pay, 6));
    expect(first.after.taker.natura - first.before.taker.natura).toBe(units(first.receive, 18));
    expect(first.after.maker.usdt - first.before.maker.usdt).toBe(2_500_003n - (2_500_003n * 4n) / 100n);

    // Buy-Natura order (deposits USDT): on Sell × Natura. B pays NAT, receives USDT minus 4 %.
    const second = await trade({ side: 'Sell', currency: 'Natura' }, buyId);
    expect(second.pay).toBe('2.3333331 NAT');
    expect(second.receive).toBe('3.2 USDT');
    expect(second.before.taker.natura - second.after.taker.natura).toBe(units(second.pay, 18));
    expect(second.after.taker.usdt - second.before.taker.usdt).toBe(units(second.receive, 6));
    const paidNat = parseUnits('2.3333331', 18);
    expect(second.after.maker.natura - second.before.maker.natura).toBe(paidNat - (paidNat * 4n) / 100n);

    const after = await f.orders();
    expect([after[sellId]!.status, after[buyId]!.status]).toEqual([0n, 0n]);
    await page.getByRole('button', { name: 'Record' }).click();
    for (const id of [sellId, buyId]) {
      await expect(page.locator(`tr[data-order-id="${id}"]`)).toContainText('Successful');
    }
    await expect(page.locator(`tr[data-order-id="${sellId}"]`)).toContainText('2.500 NAT');
    await expect(page.locator(`tr[data-order-id="${buyId}"]`)).toContainText('3.333 USDT');
  });

  test('A creates, edits up (one approve of the difference), edits down (no approve), cancels; Record shows Cancelled; cancelling again: Already Cancelled!', async ({
    page,
    wallet,
  }) => {
    const f = facts();
    const { d, maker } = f;
    await signInAs(page, wallet, maker.privateKey);
    const count = (await f.orders()).length;
    const dialog = await createListing(page, { intent: 'Sell Token', token: 'natura', price: '2', amount: '5' });
    await closeAlert(page, 'You have created a listing');
    const id = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await manage(page, 'Your Listings');
    const row = page.locator(`tr[data-order-id="${id}"]`);
    await expect(row).toContainText('5.000 NAT');

    const edit = async (fields: { quantity?: string; price?: string }) => {
      const sentBefore = sentTransactions(wallet).length;
      await page.getByRole('button', { name: `Edit order ${id}` }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Listing' });
      if (fields.quantity) await editDialog.getByLabel('Update quantity*').fill(fields.quantity);
      if (fields.price) await editDialog.getByLabel('Update price*').fill(fields.price);
      await editDialog.getByRole('button', { name: 'Update' }).click();
      await expect(page.locator('.swal2-popup')).toContainText('Your order has been updated', { timeout: 30_000 });
      await expect(page.locator('.swal2-popup')).toBeHidden({ timeout: 10_000 }); // 1.5 s timer
      await editDialog.getByRole('button', { name: 'Done' }).click();
      return sentTransactions(wallet).slice(sentBefore);
    };

    // Up by 1.000000000000000001 NAT: one approve of exactly the difference, then updateOrder.
    const up = await edit({ quantity: '6.000000000000000001' });
    expect(up).toHaveLength(2);
    const approve = up[0]!.params[0] as { to: string; data: string };
    expect(approve.to.toLowerCase()).toBe(d.contracts.natura.toLowerCase());
    const [spender, amount] = approveIface.decodeFunctionData('approve', approve.data);
    expect(String(spender).toLowerCase()).toBe(d.contracts.swap.toLowerCase());
    expect(amount).toBe(parseUnits('1.000000000000000001', 18));
    expect((await f.orders())[id]!.amountA).toBe(parseUnits('6.000000000000000001', 18));

    // Down, and a new price: no approve.
    const natBefore = (await f.balances(maker.address)).natura;
    const down = await edit({ quantity: '4', price: '2.5' });
    expect(down).toHaveLength(1);
    expect((await f.orders())[id]).toMatchObject({ amountA: parseUnits('4', 18), price: 2_500_000n });
    expect((await f.balances(maker.address)).natura - natBefore).toBe(parseUnits('2.000000000000000001', 18));

    // A second tab still shows the listing when this one cancels it.
    const other = await page.context().newPage();
    await other.exposeFunction('__terraMaterWallet', (method: string, params: unknown[]) =>
      wallet.handle(method, params),
    );
    await other.addInitScript(injectedProviderScript);
    await other.goto(appUrl('/swapping'));
    await manage(other, 'Your Listings');
    await expect(other.locator(`tr[data-order-id="${id}"]`)).toBeVisible();
    // From now on that tab's order-book reads come back slowly (a slow node), so its refresh on
    // focus lands after the click: the user acts on the stale row, and the pre-flight's fresh read decides.
    const getOrdersSelector = new Interface(SWAP).getFunction('getOrders')!.selector;
    const rpcHost = new URL(stackInfo().rpcUrl).host;
    await other.route(
      (url) => url.host === rpcHost,
      async (route) => {
        if (route.request().postData()?.includes(getOrdersSelector.slice(2))) {
          await new Promise((resolve) => setTimeout(resolve, 4_000));
        }
        await route.continue();
      },
    );

    await page.getByRole('button', { name: `Cancel order ${id}` }).click();
    await closeAlert(page, 'Your order has been cancelled.');
    expect((await f.orders())[id]!.status).toBe(2n);
    await page.getByRole('dialog', { name: 'Cancel listing' }).getByRole('button', { name: 'Done' }).click();
    await expect(row).toBeHidden();
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.locator(`tr[data-order-id="${id}"]`)).toContainText('Cancelled');

    const sentBefore = sentTransactions(wallet).length;
    await other.getByRole('button', { name: `Cancel order ${id}` }).click();
    await expect(other.locator('.swal2-popup')).toContainText('Already Cancelled!', { timeout: 20_000 });
    await expect(other.locator('.swal2-popup')).toContainText('You have already cancelled this order.');
    expect(sentTransactions(wallet).length).toBe(sentBefore);
    await other.close();
  });

  test('wrong chain on create: the spec message and nothing sent', async ({ page, wallet }) => {
    const f = facts();
    await signInAs(page, wallet, f.maker.privateKey);
    const count = (await f.orders()).length;
    wallet.useChain(1);
    await page.evaluate(() => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('chainChanged', '0x1');
    });
    // Web3Modal offers its own "Switch Network" view for an unsupported chain: the user closes it.
    const web3modal = page.getByRole('alertdialog');
    await web3modal.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await web3modal.isVisible()) await page.keyboard.press('Escape');
    await expect(web3modal).toBeHidden();
    wallet.rejectNextRequest('wallet_switchEthereumChain');
    const sentBefore = sentTransactions(wallet).length;
    await createListing(page, { intent: 'Sell Token', token: 'usdt', price: '1', amount: '1' });
    await expect(page.locator('.swal2-popup')).toContainText('Please connect to Polygon mumbai network', {
      timeout: 15_000,
    });
    await expect(page.locator('.swal2-popup')).toContainText('Oops...');
    expect(sentTransactions(wallet).length).toBe(sentBefore);
    expect((await f.orders()).length).toBe(count);
    wallet.useChain(31337);
  });
});
