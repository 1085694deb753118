import type { Page } from '@playwright/test';
import { appUrl, connectThroughModal, expectSignedIn } from '../fixtures.ts';

/** Opens `path`, connects the test wallet through Web3Modal and waits until `address` is signed in. */
export async function signIn(page: Page, address: string, path = '/home') {
  await page.goto(appUrl(path));
  await connectThroughModal(page);
  await expectSignedIn(page, address);
}
