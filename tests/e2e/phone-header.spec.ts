import type { Page } from '@playwright/test';
import { appUrl, connectThroughModal, expect, expectSignedIn, test } from './fixtures.ts';

/**
 * The header on a phone (375 × 812): the menu closes after a choice — Connect Wallet, a link, the language — and
 * the sticky header never covers more than 64 px of the page, while scrolling or with the wallet dialog open.
 */

test.use({ viewport: { width: 375, height: 812 } });

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Toggle navigation' });

async function expectHeaderAtMost64px(page: Page) {
  const box = await page.getByRole('banner').boundingBox();
  expect(box?.height ?? Infinity).toBeLessThanOrEqual(64);
}

async function openMenu(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
}

test('phone header: the menu closes after connect, and the header stays within 64 px in the dialog and while scrolling', async ({
  page,
  wallet,
}) => {
  await page.goto(appUrl('/explore'));
  await openMenu(page);
  await connectThroughModal(page);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expectHeaderAtMost64px(page);
  await openMenu(page);
  await expectSignedIn(page, wallet.address);
  // Opening the wallet's own menu is not a choice: the menu stayed open. Scrolling the page closes it.
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.wheel(0, 600);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectHeaderAtMost64px(page);
});

test('phone header: the menu closes after a link and after the language', async ({ page }) => {
  await page.goto(appUrl('/home'));
  await openMenu(page);
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(appUrl('/about'));
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');

  await openMenu(page);
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('Italiano');
  const italianToggle = page.getByRole('banner').getByRole('button', { name: 'Apri o chiudi il menu' });
  await expect(italianToggle).toHaveAttribute('aria-expanded', 'false');
  await expectHeaderAtMost64px(page);
});
