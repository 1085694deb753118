import type { Page } from '@playwright/test';
import { appUrl, connectThroughModal, expectSignedIn, stackInfo } from '../fixtures.ts';
import type { TestWallet } from '../test-wallet.ts';

/*
 * Playing "anyone with a CMS login" (backend.md §1): sign in through the app, take its CMS token, and write rows
 * through the CMS API as any user of the site may. (trust.spec.ts has its own copy of these two.)
 */

export async function signInForCms(page: Page, wallet: TestWallet, path = '/home'): Promise<string> {
  await page.goto(appUrl(path));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  const jwt = await page.evaluate(() => localStorage.getItem('jwtToken'));
  if (!jwt) throw new Error('no CMS token after signing in');
  return jwt;
}

/** A write to the CMS API with the signed-in user's token; resolves to the row's id. */
export async function cmsWrite(jwt: string, method: 'POST' | 'PUT', path: string, data: Record<string, unknown>) {
  const response = await fetch(`${stackInfo().cmsUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  if (!response.ok) throw new Error(`CMS ${method} ${path} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { id?: number; data?: { id: number } };
  const id = body.data?.id ?? body.id;
  if (typeof id !== 'number') throw new Error(`CMS ${method} ${path} answered no id`);
  return id;
}
