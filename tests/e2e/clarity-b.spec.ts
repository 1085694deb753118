import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOT_DIR, expect, test } from './fixtures.ts';
import { signInAs, swapFacts, switchAccount } from './helpers/swap.ts';

/**
 * The swap screen's clarity on the real stack (anvil + reference Swap.sol, deployed-system.md §C9.4).
 * Maker = account #1, taker = account #4, as in the other swap specs; the order made here is left
 * open at a price no other spec looks for.
 */
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
    await expect(row.getByRole('button')).toHaveCount(0);

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
        // Amounts in the active language's notation (issue 25): 1.5 in English, 1,5 in Italian.
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
