import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { appUrl, deployment, expect, test } from './fixtures.ts';
import { collectionByAddress } from './helpers/facts.ts';
import { signIn } from './helpers/session.ts';

/**
 * Keyboard only: no mouse click anywhere in the keyboard walks. Contrast: axe's AA colour-contrast rule on the
 * swap Record statuses and the create-listing fee note, with the default wallet (it only reads).
 */

/** Presses Tab until `target` has the focus; fails after `limit` presses. */
async function tabUntil(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('keyboard', () => {
  test('the first Tab offers "Skip to content", which lands in the page', async ({ page }) => {
    await page.goto(appUrl('/about'));
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside the page, not in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('collection → search on Enter → a card opens with Enter', async ({ page }) => {
    const chain = deployment().collections.find((c) => c.tokens.some((t) => t.state === 'listed'));
    if (!chain) throw new Error('no collection with a listed token');
    const collection = await collectionByAddress(chain.address);
    await page.goto(appUrl(`/colection/${collection.id}`));
    const grid = page.getByRole('region', { name: 'Items in this collection' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();

    await tabUntil(page, page.getByRole('searchbox'));
    const name = `${chain.name} #${chain.tokens[0]!.tokenId}`;
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    const card = grid.getByRole('link', { name: `Open ${name}`, exact: true });
    await expect(card).toBeVisible();

    await tabUntil(page, card);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ItemDetail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the collapsed menu opens with Enter and its links work', async ({ page }) => {
      await page.goto(appUrl('/home'));
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      await expect(toggle).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
      await tabUntil(page, toggle);
      await page.keyboard.press('Enter');
      const about = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' });
      await expect(about).toBeVisible();
      await tabUntil(page, about);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
      await expect(page).toHaveURL(appUrl('/about'));
    });
  });
});

test.describe('contrast', () => {
  test('contrast AA: the swap Record statuses and the create-listing fee note', async ({ page, wallet }) => {
    await signIn(page, wallet.address, '/swapping');
    await page.getByRole('button', { name: 'Record' }).click();
    const statuses = page.locator('td[data-label="Status"]');
    await expect(statuses.first()).toBeVisible();
    const record = await new AxeBuilder({ page })
      .include('td[data-label="Status"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(record.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Both colours were measured (the seeded chain has filled and cancelled orders): green and red.
    const measured = record.passes.find((rule) => rule.id === 'color-contrast')?.nodes.map((n) => n.html) ?? [];
    expect(measured.some((html) => html.includes('text-success'))).toBe(true);
    expect(measured.some((html) => html.includes('text-danger'))).toBe(true);

    await page.getByRole('button', { name: 'Manage your listings' }).click();
    await page.getByRole('button', { name: 'Create new listing', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Listing' });
    const feeNote = dialog.locator('p.text-success').first();
    await expect(feeNote).toBeVisible();
    const note = await new AxeBuilder({ page })
      .include('[role="dialog"] p.text-success')
      .withRules(['color-contrast'])
      .analyze();
    expect(note.passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0).toBeGreaterThan(0);
    expect(note.violations.map((v) => v.id)).toEqual([]);
  });
});
