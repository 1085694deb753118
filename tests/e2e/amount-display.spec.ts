import type { Locator, Page } from '@playwright/test';
import { Contract, parseUnits } from 'ethers';
import { appUrl, connectThroughModal, expect, expectSignedIn, test } from './fixtures.ts';
import { ERC20_ABI, SWAP_ABI } from './helpers/abis.ts';
import { approxUsd, exact, shown, type Kind } from './helpers/amounts.ts';
import { short } from './helpers/facts.ts';
import { historyChain } from './helpers/history.ts';

/**
 * The display policy of amounts (docs/amounts.md, issue 39 item 4) on the real stack: the same chain figures in
 * English and Italian on the swap page (the order book) and in the wallet menu, each compared with the chain's
 * value formatted here (tests/e2e/helpers/amounts.ts), and the exact figure one tap away.
 */

type Language = 'en' | 'it';

const figure = (value: bigint, decimals: number, kind: Kind, unit: string, language: Language) =>
  `${shown(value, decimals, kind, language)} ${unit}`;

async function chooseLanguage(page: Page, language: Language) {
  const current = await page.locator('html').getAttribute('lang');
  if (current === language) return;
  const select = page.getByRole('combobox', { name: language === 'it' ? 'Language' : 'Lingua' });
  await select.selectOption({ label: language === 'it' ? 'Italiano' : 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * The rounded figure's button opens "(exactly …; … base units)" beside it; Escape closes it again, so the
 * figure's own text is the rounded one for the next check (an open note survives a change of language).
 */
async function exactOf(cell: Locator): Promise<{ exact: string; units: string }> {
  const button = cell.getByRole('button').first();
  await button.click();
  const note = cell.locator('.amount-exact');
  await expect(note).toBeVisible();
  const text = (await note.textContent()) ?? '';
  await button.press('Escape');
  await expect(note).toBeHidden();
  const [exact = '', units = ''] = text.split(';');
  return { exact, units };
}

test('amount display: English and Italian formats of the same chain figures on the swap page and in the wallet menu', async ({
  page,
  wallet,
}) => {
  test.slow();
  const chain = historyChain();
  const { d } = chain;
  // Odd figures: a Natura amount with 18 significant decimals, a price of 7 USDT base units (the cheapest of
  // the book, so the order is on its first page), a cost P = 7 × 1 234 base units below one cent.
  const maker = await chain.account('2000.123456789123456789');
  const amountA = parseUnits('1234.567891234567891234', 18);
  const price = 7n;
  const swap = new Contract(d.contracts.swap, SWAP_ABI, chain.provider);
  const count = ((await swap.getFunction('getOrders')()) as unknown[]).length;
  await maker.send(d.contracts.natura, ERC20_ABI, 'approve', d.contracts.swap, amountA);
  await maker.send(d.contracts.swap, SWAP_ABI, 'createOrder', d.contracts.natura, amountA, price, 'sell');
  const id = count;
  const cost = price * (amountA / 10n ** 18n);

  wallet.useAccount(maker.privateKey);
  await page.goto(appUrl('/swapping'));
  for (const language of ['en', 'it'] as const) {
    await chooseLanguage(page, language);
    const row = page.locator(`tr[data-order-id="${id}"]`);
    await expect(row).toBeVisible();
    const figures = row.locator('.swap-figure-amount');
    // Price (3 decimals, never a non-zero 0.000), On-Sale (Natura, at most 4 decimals, grouped), Purchasing (USDT).
    await expect(figures.nth(0)).toHaveText(figure(price, 6, 'price', 'USDT/NAT', language));
    await expect(figures.nth(1)).toHaveText(figure(amountA, 18, 'natura', 'NAT', language));
    await expect(figures.nth(2)).toHaveText(figure(cost, 6, 'money', 'USDT', language));
    const opened = await exactOf(figures.nth(1));
    expect(opened.exact).toContain(`${exact(amountA, 18, language)} NAT`);
    expect(opened.units).toContain(`${amountA} `);
    // The owner short, with its Copy button.
    await expect(row.locator('.short-address')).toContainText(short(maker.address));
    await expect(row.locator('.short-address').getByRole('button')).toBeVisible();
  }
  await chooseLanguage(page, 'en');
  await page.screenshot({ path: 'artifacts/screenshots/amount-display-book-en.png', fullPage: false });

  // The wallet menu of the same account: balances read from the chain, in both languages.
  await page.goto(appUrl('/home'));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  const usdtBalance = (await new Contract(d.contracts.usdt, ERC20_ABI, chain.provider).getFunction('balanceOf')(
    maker.address,
  )) as bigint;
  const naturaBalance = await chain.naturaOf(maker.address);
  for (const language of ['en', 'it'] as const) {
    await chooseLanguage(page, language);
    await page.getByRole('button', { name: language === 'it' ? 'Il mio wallet' : 'My Wallet', exact: true }).click();
    const menu = page.locator('.wallet-menu');
    await expect(menu.getByTestId('balance-usdt')).toContainText(
      `${shown(usdtBalance, 6, 'money', language)} ${approxUsd(usdtBalance, language)}`,
    );
    await expect(menu.getByTestId('balance-nat')).toContainText(shown(naturaBalance, 18, 'natura', language));
    await page.keyboard.press('Escape');
  }

  // Screens to look at: the swap page and the wallet menu (its rounded balance opened) at 1366 and 375 px. The
  // language is chosen at 1366 px (on a phone the header's select sits behind the menu button).
  for (const language of ['en', 'it'] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(appUrl('/swapping'));
    await chooseLanguage(page, language);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expect(page.locator(`tr[data-order-id="${id}"]`)).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/amount-display-swap-${language}-${width}.png` });
      // On a phone the wallet menu sits in the collapsed header: the menu button opens it first.
      const toggler = page.locator('.navbar-toggler');
      if (await toggler.isVisible()) await toggler.click();
      await page.getByRole('button', { name: language === 'it' ? 'Il mio wallet' : 'My Wallet', exact: true }).click();
      const balance = page.locator('.wallet-menu').getByTestId('balance-nat');
      // The rounded balance opens its exact figure on a tap, and the menu stays open around it.
      await balance.getByRole('button').click();
      await expect(balance.locator('.amount-exact')).toBeVisible();
      await expect(balance.locator('.amount-exact')).toBeInViewport();
      await page.screenshot({ path: `artifacts/screenshots/amount-display-wallet-${language}-${width}.png` });
      await page.reload();
    }
  }
});
