import type { Page } from '@playwright/test';
import { appUrl, connectThroughModal, deployment, expectSignedIn, stackInfo } from '../fixtures.ts';
import { collectionByAddress, nftIdOf } from './facts.ts';
import type { TestWallet } from '../test-wallet.ts';

/**
 * Playing a signed-in user of the site against the CMS: the CMS lets any such user write rows
 * (deployed-system.md §B1), so a spec signs in through the app, takes its token and writes through the API.
 */

export async function signInForCmsToken(page: Page, wallet: TestWallet, path = '/home'): Promise<string> {
  await page.goto(appUrl(path));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  const jwt = await page.evaluate(() => localStorage.getItem('jwtToken'));
  if (!jwt) throw new Error('no CMS token after signing in');
  return jwt;
}

/** A write to the CMS API with the signed-in user's token, as any user of the site may send; the row's id. */
export async function cmsWriteAsUser(
  jwt: string,
  method: 'POST' | 'PUT',
  path: string,
  data: Record<string, unknown>,
): Promise<number> {
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

/** A CMS row for desert-bloom token `tokenId`, as the site's editors (any signed-in user) create one; its id. */
export async function desertBloomRow(jwt: string, tokenId: number, fields: Record<string, unknown>): Promise<number> {
  const desert = deployment().collections.find((c) => c.key === 'desert-bloom')!;
  const collectionId = (await collectionByAddress(desert.address)).id;
  await cmsWriteAsUser(jwt, 'POST', '/api/nft-v1s', {
    token_name: `${desert.name} #${tokenId}`,
    token_id: tokenId,
    views: 0,
    likes: 0,
    token_standard: 'ERC721',
    collection: collectionId,
    publishedAt: new Date().toISOString(),
    ...fields,
  });
  return nftIdOf(collectionId, tokenId);
}
