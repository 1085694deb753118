import { Interface, parseUnits } from 'ethers';
import { expect, stackInfo, test } from './fixtures.ts';
import {
  SWAP_ABI,
  cancelOrder,
  expectOutcome,
  manage,
  secondTab,
  sentTransactions,
  signInAs,
  swapFacts,
  units,
} from './helpers/swap.ts';

/**
 * Money on the swap exactly as the deployed contract moves it (contracts.md §9.4), on the real
 * stack: a fractional order is charged for its whole tokens only and every balance change equals
 * the app's preview; the contract checks no status, so a stale second cancel must be refused by
 * the app before anything is signed. Maker = account #1, taker = account #4; expectations are
 * balance changes read on chain around each action.
 */

const DEAD = '0x000000000000000000000000000000000000dEaD';
const approveIface = new Interface(['function approve(address spender, uint256 amount)']);

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
    expect([nat.purchasing, nat.pay, nat.receive]).toEqual(['120.000 USDT', '120 USDT', '96.48 NAT']);
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
    expect([usd.purchasing, usd.pay, usd.receive]).toEqual(['40.000 NAT', '40 NAT', '48.48 USDT']);
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
    const getOrdersSelector = new Interface(SWAP_ABI).getFunction('getOrders')!.selector;
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
