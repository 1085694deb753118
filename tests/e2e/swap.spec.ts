import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Interface, parseUnits } from 'ethers';
import { SCREENSHOT_DIR, expect, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, SWAP_ABI } from './helpers/abis.ts';
import {
  cancelOrder,
  confirmPriceIfAsked,
  createListing,
  expectOutcome,
  manage,
  newOrderId,
  secondTab,
  sentTransactions,
  signInAs,
  swapFacts,
  swapFacts as facts,
  switchAccount,
  units,
} from './helpers/swap.ts';

/**
 * The swap order book on the real stack (anvil + reference Swap.sol, deployed-system.md §C5.7 and §C9.4). Maker A =
 * account #1, taker B = account #4 (tests/e2e/helpers/accounts-and-tokens.ts). Every expectation reads the chain
 * before and after: the dashboard spec fills a seeded order with #4 and the profile spec spends #4's USDT.
 *
 * - The screen's clarity: the maker's own order has no Trade; nothing scrolls sideways at 1366 and 375 px in
 *   English and Italian. The order made there is left open at a price no other test looks for.
 * - Money exactly as the deployed contract moves it: a fractional order is charged for its whole tokens only and
 *   every balance change equals the app's preview; the contract checks no status, so a stale second cancel must be
 *   refused by the app before anything is signed.
 * - Whole-token orders listed, taken, edited and cancelled; the wrong chain on create.
 */

const DEAD = '0x000000000000000000000000000000000000dEaD';
const approveIface = new Interface(ERC20_ABI);

test.describe('swap clarity', () => {
  test.describe.configure({ timeout: 180_000 });

  test('own order: its maker sees it without Trade, another account sees Trade', async ({ page, wallet }) => {
    const f = swapFacts();
    const { maker, taker } = f;
    // The cheapest Buy/Natura order, so it is on the book's first page whatever else is open.
    const id = await f.createOrderOnChain(maker.privateKey, {
      token: 'natura',
      amount: '1',
      price: '0.000123',
      orderType: 'sell',
    });
    expect((await f.orders())[id]).toMatchObject({ owner: maker.address, status: 1n });

    await signInAs(page, wallet, maker.privateKey);
    await expect(page.getByRole('button', { name: 'Buy', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Natura', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('swap-tab-line')).toContainText('People selling Natura for USDT');
    const row = page.locator(`tr[data-order-id="${id}"]`);
    await expect(row).toContainText('Your order');
    // No Trade on one's own order (the row's other buttons copy the owner or open a rounded figure).
    await expect(row.getByRole('button', { name: /^Trade/ })).toHaveCount(0);

    await switchAccount(page, wallet, taker.privateKey, taker.address);
    await page.reload();
    await expect(row.getByRole('button', { name: `Trade order ${id}` })).toBeVisible();
    await expect(row).not.toContainText('Your order');
  });

  test('the swap screen and the create-listing dialog at 1366 and 375 px, EN and IT: nothing scrolls sideways', async ({
    page,
    wallet,
  }) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const f = swapFacts();
    await signInAs(page, wallet, f.maker.privateKey);
    for (const language of ['en', 'it'] as const) {
      if (language === 'it') {
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Italiano' });
        await expect(page.getByTestId('swap-tab-line')).toContainText('Chi vende Natura per USDT');
      }
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(await overflow(), `swap @${width} ${language}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `clarity-b-swap-${language}-${width}.png`),
          fullPage: true,
        });

        const menu =
          language === 'en'
            ? ['Manage your listings', 'Create new listing']
            : ['Gestisci i tuoi annunci', 'Crea nuovo annuncio'];
        await page.getByRole('button', { name: menu[0] }).click();
        await page.getByRole('button', { name: menu[1], exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('create-balance')).toBeVisible();
        await dialog.getByRole('combobox').selectOption('natura');
        // Amounts in the active language's notation (deployed-system.md §P5): 1.5 in English, 1,5 in Italian.
        await dialog
          .locator('input[inputmode="decimal"]')
          .nth(0)
          .fill(language === 'en' ? '1.5' : '1,5');
        await dialog.locator('input[inputmode="decimal"]').nth(1).fill('100');
        await expect(dialog.getByTestId('create-preview')).toBeVisible();
        expect(await overflow(), `create dialog @${width} ${language}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `clarity-b-create-${language}-${width}.png`) });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
  });
});

test.describe('swap money (§9.4)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('fractional order traded through the app: P = price × whole tokens, every balance change equals the preview to the base unit, approval exactly P', async ({
    page,
    wallet,
  }) => {
    const f = swapFacts();
    const { d, maker, taker } = f;
    // Orders made by another front end: §9.4's two worked examples.
    const natOrder = await f.createOrderOnChain(maker.privateKey, {
      token: 'natura',
      amount: '100.5',
      price: '1.2',
      orderType: 'sell',
    });
    const usdtOrder = await f.createOrderOnChain(maker.privateKey, {
      token: 'usdt',
      amount: '50.5',
      price: '0.8',
      orderType: 'buy',
    });
    await signInAs(page, wallet, taker.privateKey);
    const parties = [maker.address, taker.address, d.feeCollector, DEAD, d.contracts.swap];

    const trade = async (tab: { side: 'Buy' | 'Sell'; currency: 'Natura' | 'USDT' }, id: number) => {
      await page.getByRole('button', { name: tab.side, exact: true }).click();
      await page.getByRole('button', { name: tab.currency, exact: true }).click();
      const row = page.locator(`tr[data-order-id="${id}"]`);
      await expect(row.getByTestId('fraction-note')).toHaveText('the fraction is not charged');
      // the figure itself, without its "≈ $" line
      const purchasing = (await row.locator('td[data-label="Purchasing"] .swap-figure-amount').textContent()) ?? '';
      await row.getByRole('button', { name: `Trade order ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Trade' });
      const pay = (await dialog.getByTestId('trade-pay').textContent()) ?? '';
      const receive = (await dialog.getByTestId('trade-receive').textContent()) ?? '';
      const fraction = (await dialog.getByTestId('trade-fraction').textContent()) ?? '';
      await expect(dialog.getByTestId('trade-approval')).toContainText(`approve exactly ${pay}`);
      const before = await Promise.all(parties.map((a) => f.balances(a)));
      const sentBefore = sentTransactions(wallet).length;
      await confirmPriceIfAsked(dialog);
      await dialog.getByRole('button', { name: 'Trade', exact: true }).click();
      await expectOutcome(dialog, 'Transaction Successfull');
      await dialog.getByRole('button', { name: 'Done' }).click();
      const after = await Promise.all(parties.map((a) => f.balances(a)));
      const sent = sentTransactions(wallet).slice(sentBefore);
      const [, approved] = approveIface.decodeFunctionData(
        'approve',
        (sent[0]!.params[0] as { data: string }).data,
      ) as unknown as [string, bigint];
      const change = after.map((b, i) => ({ usdt: b.usdt - before[i]!.usdt, natura: b.natura - before[i]!.natura }));
      return { purchasing, pay, receive, fraction, sentCount: sent.length, approved, change };
    };

    // 100.5 NAT @ 1.2 USDT (on Buy × Natura): the taker pays 120 USDT, not 120.6.
    const nat = await trade({ side: 'Buy', currency: 'Natura' }, natOrder);
    expect([nat.purchasing, nat.pay, nat.receive]).toEqual(['120.00 USDT', '120 USDT', '96.48 NAT']);
    expect(nat.fraction).toContain('0.5 NAT of this order');
    expect(nat.sentCount).toBe(2); // approve + swap
    expect(nat.approved).toBe(units(nat.pay, 6));
    const [natMaker, natTaker, natOwner, natDead, natEscrow] = nat.change;
    expect(natTaker).toEqual({ usdt: -units(nat.pay, 6), natura: units(nat.receive, 18) });
    expect(natMaker).toEqual({ usdt: parseUnits('115.2', 6), natura: 0n }); // P − 3 % − 1 %
    expect(natOwner).toEqual({ usdt: parseUnits('4.8', 6), natura: 0n });
    expect(natDead).toEqual({ usdt: 0n, natura: parseUnits('4.02', 18) });
    expect(natEscrow).toEqual({ usdt: 0n, natura: -parseUnits('100.5', 18) });

    // 50.5 USDT @ 0.8 NAT (a buy order depositing USDT, on Sell × Natura): the taker pays 40 NAT.
    const usd = await trade({ side: 'Sell', currency: 'Natura' }, usdtOrder);
    expect([usd.purchasing, usd.pay, usd.receive]).toEqual(['40 NAT', '40 NAT', '48.48 USDT']);
    expect(usd.fraction).toContain('0.5 USDT of this order');
    expect(usd.approved).toBe(units(usd.pay, 18));
    const [usdMaker, usdTaker, usdOwner, usdDead, usdEscrow] = usd.change;
    expect(usdTaker).toEqual({ usdt: units(usd.receive, 6), natura: -units(usd.pay, 18) });
    expect(usdMaker).toEqual({ usdt: 0n, natura: parseUnits('38.4', 18) }); // P − 4 %
    expect(usdOwner).toEqual({ usdt: parseUnits('2.02', 6), natura: 0n });
    expect(usdDead).toEqual({ usdt: 0n, natura: parseUnits('1.6', 18) });
    expect(usdEscrow).toEqual({ usdt: -parseUnits('50.5', 6), natura: 0n });

    const orders = await f.orders();
    expect([orders[natOrder]!.status, orders[usdtOrder]!.status]).toEqual([0n, 0n]);
  });

  test('stale cancel: cancelled in one tab, cancelled again from a second tab: refused before signing, escrow unchanged', async ({
    page,
    wallet,
  }) => {
    const f = swapFacts();
    const { d, maker } = f;
    const id = await f.createOrderOnChain(maker.privateKey, {
      token: 'natura',
      amount: '7',
      price: '2',
      orderType: 'sell',
    });
    await signInAs(page, wallet, maker.privateKey);
    await manage(page, 'Your Listings');
    await expect(page.locator(`tr[data-order-id="${id}"]`)).toBeVisible();

    // A second tab still shows the listing when this one cancels it. From then on that tab's
    // order-book reads come back slowly (a slow node), so its refresh on focus lands after the
    // click: the user acts on the stale row, and the read of the order right before signing decides.
    const other = await secondTab(page, wallet, '/swapping');
    await manage(other, 'Your Listings');
    await expect(other.locator(`tr[data-order-id="${id}"]`)).toBeVisible();
    // The book is read by getOrders() or, kept incrementally, by ordersCount() and getOrderById() (swap-book.ts).
    const swapIface = new Interface(SWAP_ABI);
    const bookSelectors = ['getOrders', 'ordersCount', 'getOrderById'].map((name) =>
      swapIface.getFunction(name)!.selector.slice(2),
    );
    const rpcHost = new URL(stackInfo().rpcUrl).host;
    await other.route(
      (url) => url.host === rpcHost,
      async (route) => {
        const body = route.request().postData() ?? '';
        if (bookSelectors.some((selector) => body.includes(selector))) {
          await new Promise((resolve) => setTimeout(resolve, 4_000));
        }
        await route.continue();
      },
    );

    await expectOutcome(await cancelOrder(page, id), 'Your order has been cancelled.');
    expect((await f.orders())[id]!.status).toBe(2n);

    const escrowBefore = await f.balances(d.contracts.swap);
    const makerBefore = await f.balances(maker.address);
    const sentBefore = sentTransactions(wallet).length;
    await cancelOrder(other, id);
    await expect(other.locator('.swal2-popup')).toContainText('Already Cancelled!', { timeout: 20_000 });
    await expect(other.locator('.swal2-popup')).toContainText('You have already cancelled this order.');
    expect(sentTransactions(wallet).length).toBe(sentBefore);
    expect(await f.balances(d.contracts.swap)).toEqual(escrowBefore);
    expect(await f.balances(maker.address)).toEqual(makerBefore);
    expect((await f.orders())[id]!.status).toBe(2n);
    await other.close();
  });
});

test.describe('swap', () => {
  test.describe.configure({ timeout: 180_000 });

  test('A lists sell-Natura and buy-Natura orders of whole tokens; B takes both; balances move exactly as previewed; Record shows them Successful', async ({
    page,
    wallet,
  }) => {
    const f = facts();
    const { d, maker, taker } = f;
    await signInAs(page, wallet, maker.privateKey);

    // A: sell 3 NAT at 1.000001 USDT (P = 3.000003 USDT).
    let count = (await f.orders()).length;
    let dialog = await createListing(page, { intent: 'Sell Token', token: 'natura', price: '1.000001', amount: '3' });
    await expectOutcome(dialog, 'You have created a listing');
    const sellId = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // A: buy Natura with 4 USDT at 1.25 USDT per Natura, typed the people's way round; the app stores the contract's
    // 0.8 NAT per USDT (P = 3.2 NAT).
    count = (await f.orders()).length;
    dialog = await createListing(page, { intent: 'Buy Token', token: 'natura', price: '1.25', amount: '4' });
    await expectOutcome(dialog, 'You have created a listing');
    const buyId = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const orders = await f.orders();
    expect(orders[sellId]).toMatchObject({
      tokenA: d.contracts.natura,
      amountA: parseUnits('3', 18),
      price: 1_000_001n,
      orderType: 'sell',
      status: 1n,
    });
    expect(orders[buyId]).toMatchObject({
      tokenA: d.contracts.usdt,
      amountA: 4_000_000n,
      price: parseUnits('0.8', 18),
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
      await confirmPriceIfAsked(tradeDialog);
      await tradeDialog.getByRole('button', { name: 'Trade', exact: true }).click();
      await expectOutcome(tradeDialog, 'Transaction Successfull');
      await tradeDialog.getByRole('button', { name: 'Done' }).click();
      return {
        pay,
        receive,
        before,
        after: { maker: await f.balances(maker.address), taker: await f.balances(taker.address) },
      };
    };

    // Sell-Natura order: on Buy × Natura. B pays P USDT, receives NAT minus the 4 % burned;
    // A receives P − ⌊3 %⌋ − ⌊1 %⌋ (§9.4).
    const first = await trade({ side: 'Buy', currency: 'Natura' }, sellId);
    expect(first.pay).toBe('3.000003 USDT');
    expect(first.receive).toBe('2.88 NAT');
    expect(first.before.taker.usdt - first.after.taker.usdt).toBe(units(first.pay, 6));
    expect(first.after.taker.natura - first.before.taker.natura).toBe(units(first.receive, 18));
    expect(first.after.maker.usdt - first.before.maker.usdt).toBe(3_000_003n - 90_000n - 30_000n);

    // Buy-Natura order (deposits USDT): on Sell × Natura. B pays P NAT, receives USDT minus 3 % + 1 %;
    // A receives P − ⌊4 %⌋ (burned).
    const second = await trade({ side: 'Sell', currency: 'Natura' }, buyId);
    expect(second.pay).toBe('3.2 NAT');
    expect(second.receive).toBe('3.84 USDT');
    expect(second.before.taker.natura - second.after.taker.natura).toBe(units(second.pay, 18));
    expect(second.after.taker.usdt - second.before.taker.usdt).toBe(units(second.receive, 6));
    expect(second.after.maker.natura - second.before.maker.natura).toBe(parseUnits('3.072', 18));

    const after = await f.orders();
    expect([after[sellId]!.status, after[buyId]!.status]).toEqual([0n, 0n]);
    await page.getByRole('button', { name: 'Record' }).click();
    for (const id of [sellId, buyId]) {
      await expect(page.locator(`tr[data-order-id="${id}"]`)).toContainText('Successful');
    }
    await expect(page.locator(`tr[data-order-id="${sellId}"]`)).toContainText('3 NAT');
    await expect(page.locator(`tr[data-order-id="${buyId}"]`)).toContainText('4.00 USDT');
  });

  test('A creates, edits up (one approve of the difference), edits down (no approve), cancels; Record shows Cancelled', async ({
    page,
    wallet,
  }) => {
    const f = facts();
    const { d, maker } = f;
    await signInAs(page, wallet, maker.privateKey);
    const count = (await f.orders()).length;
    const dialog = await createListing(page, { intent: 'Sell Token', token: 'natura', price: '2', amount: '5' });
    await expectOutcome(dialog, 'You have created a listing');
    const id = await newOrderId(f, count);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await manage(page, 'Your Listings');
    const row = page.locator(`tr[data-order-id="${id}"]`);
    await expect(row).toContainText('5 NAT');

    const edit = async (fields: { quantity?: string; price?: string }) => {
      const sentBefore = sentTransactions(wallet).length;
      await page.getByRole('button', { name: `Edit order ${id}` }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Listing' });
      if (fields.quantity) await editDialog.getByLabel('Update quantity*').fill(fields.quantity);
      if (fields.price) await editDialog.getByLabel('Update price*').fill(fields.price);
      await editDialog.getByRole('button', { name: 'Update' }).click();
      await expectOutcome(editDialog, 'Your order has been updated');
      await editDialog.getByRole('button', { name: 'Done' }).click();
      return sentTransactions(wallet).slice(sentBefore);
    };

    // Up by 1 NAT: one approve of exactly the difference, then updateOrder.
    const up = await edit({ quantity: '6' });
    expect(up).toHaveLength(2);
    const approve = up[0]!.params[0] as { to: string; data: string };
    expect(approve.to.toLowerCase()).toBe(d.contracts.natura.toLowerCase());
    const [spender, amount] = approveIface.decodeFunctionData('approve', approve.data);
    expect(String(spender).toLowerCase()).toBe(d.contracts.swap.toLowerCase());
    expect(amount).toBe(parseUnits('1', 18));
    expect((await f.orders())[id]!.amountA).toBe(parseUnits('6', 18));

    // Down, and a new price: no approve.
    const natBefore = (await f.balances(maker.address)).natura;
    const down = await edit({ quantity: '4', price: '2.5' });
    expect(down).toHaveLength(1);
    expect((await f.orders())[id]).toMatchObject({ amountA: parseUnits('4', 18), price: 2_500_000n });
    expect((await f.balances(maker.address)).natura - natBefore).toBe(parseUnits('2', 18));

    const cancelDialog = await cancelOrder(page, id);
    await expectOutcome(cancelDialog, 'Your order has been cancelled.');
    expect((await f.orders())[id]!.status).toBe(2n);
    await cancelDialog.getByRole('button', { name: 'Done' }).click();
    await expect(row).toBeHidden();
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.locator(`tr[data-order-id="${id}"]`)).toContainText('Cancelled');
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
