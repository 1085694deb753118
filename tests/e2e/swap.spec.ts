import { Interface, parseUnits } from 'ethers';
import { expect, test } from './fixtures.ts';
import {
  cancelOrder,
  createListing,
  expectOutcome,
  manage,
  newOrderId,
  sentTransactions,
  signInAs,
  swapFacts as facts,
  switchAccount,
  units,
} from './helpers/swap.ts';

/**
 * The swap order book on the real stack (anvil + reference Swap.sol, contracts.md §9.4). Maker A =
 * account #1, taker B = account #4 (reserved for this spec). Every expectation reads the chain
 * before and after: the dashboard spec fills a seeded order with #4 and the profile spec spends
 * #4's USDT. Fractional orders and a stale second-tab cancel: swap-money.spec.ts.
 */

const approveIface = new Interface(['function approve(address spender, uint256 amount)']);

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
    // A: buy Natura with 4 USDT at 0.7 NAT per USDT (P = 2.8 NAT).
    count = (await f.orders()).length;
    dialog = await createListing(page, { intent: 'Buy Token', token: 'natura', price: '0.7', amount: '4' });
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
    expect(second.pay).toBe('2.8 NAT');
    expect(second.receive).toBe('3.84 USDT');
    expect(second.before.taker.natura - second.after.taker.natura).toBe(units(second.pay, 18));
    expect(second.after.taker.usdt - second.before.taker.usdt).toBe(units(second.receive, 6));
    expect(second.after.maker.natura - second.before.maker.natura).toBe(parseUnits('2.688', 18));

    const after = await f.orders();
    expect([after[sellId]!.status, after[buyId]!.status]).toEqual([0n, 0n]);
    await page.getByRole('button', { name: 'Record' }).click();
    for (const id of [sellId, buyId]) {
      await expect(page.locator(`tr[data-order-id="${id}"]`)).toContainText('Successful');
    }
    await expect(page.locator(`tr[data-order-id="${sellId}"]`)).toContainText('3.000 NAT');
    await expect(page.locator(`tr[data-order-id="${buyId}"]`)).toContainText('4.000 USDT');
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
    await expect(row).toContainText('5.000 NAT');

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
