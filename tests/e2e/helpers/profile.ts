import type { Page } from '@playwright/test';
import { appUrl, connectThroughModal, expect, expectSignedIn } from '../fixtures.ts';
import type { TestWallet } from '../test-wallet.ts';

/** Signs in as the account of `privateKey` and opens My Wallet → My Profile. */
export async function openProfileAs(page: Page, wallet: TestWallet, privateKey: string) {
  wallet.useAccount(privateKey);
  await page.goto(appUrl('/home'));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

/** Opens "Listing your NFT" for `name` and types `price`. */
export async function typeListing(page: Page, name: string, price: string) {
  await page.getByRole('button', { name: `List Now: ${name}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Listing your NFT' });
  await dialog.getByPlaceholder('Enter list price...').fill(price);
  return dialog;
}
