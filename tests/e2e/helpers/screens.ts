import type { Locator, Page } from '@playwright/test';
import { deployment } from '../fixtures.ts';
import { cmsGet, collectionByAddress, nftIdOf, type StandardList } from './facts.ts';

/** The app's screens with the seeded stack's ids, shared by the screenshot, delivery and layout-shift specs. */
export interface Screen {
  name: string;
  path: string;
  /** Visible once the screen shows its real content (not a skeleton). */
  ready: (page: Page) => Locator;
  /** Visible once its CMS content is shown, when `ready` is chain data (the NFT's Price History is from the chain). */
  cmsReady?: (page: Page) => Locator;
}

export async function screens(): Promise<{ open: Screen[]; author: Screen }> {
  const chain = deployment().collections.find((c) => c.tokens.some((t) => t.state === 'listed'));
  if (!chain) throw new Error('no collection with a listed token in the deployment');
  const collection = await collectionByAddress(chain.address);
  const listed = chain.tokens.find((t) => t.state === 'listed')!;
  const nftId = await nftIdOf(collection.id, listed.tokenId);
  const authors = await cmsGet<StandardList<{ username: string }>>('/api/authors');
  const author = authors.data[0];
  if (!author) throw new Error('the CMS has no authors');
  const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
  return {
    open: [
      {
        name: 'home',
        path: '/home',
        ready: (page) => page.getByRole('region', { name: 'New Release collections' }).getByRole('link').first(),
      },
      { name: 'explore', path: '/explore', ready: (page) => page.getByRole('tabpanel').getByRole('link').first() },
      {
        name: 'collection',
        path: `/colection/${collection.id}`,
        ready: (page) => page.getByRole('region', { name: 'Items in this collection' }).getByRole('listitem').first(),
      },
      {
        name: 'item-detail',
        path: `/ItemDetail/${nftId}`,
        ready: (page) => page.getByRole('region', { name: 'Price History' }).getByRole('table'),
        cmsReady: (page) => page.getByRole('main').getByRole('heading', { level: 1 }),
      },
      { name: 'about', path: '/about', ready: h1('About') },
      { name: 'contact', path: '/contactus', ready: (page) => page.getByRole('button', { name: 'Submit Now' }) },
      { name: 'work', path: '/work', ready: (page) => page.getByRole('button', { name: 'Submit Now' }) },
      { name: 'project', path: '/haveproject', ready: (page) => page.getByRole('button', { name: 'Submit Now' }) },
      {
        name: 'icons',
        path: '/fontAwesomeIcons',
        ready: (page) => page.getByRole('button', { name: /caret-square-o-left/ }).first(),
      },
      { name: 'staking', path: '/nft-staking', ready: h1(/Stake and Earn/i) },
      { name: 'swap', path: '/swapping', ready: (page) => page.getByRole('table').getByRole('row').nth(1) },
      {
        name: 'dashboard',
        path: '/dashboard',
        ready: (page) => page.getByRole('table', { name: 'NFT Collections' }).getByRole('row').nth(1),
      },
    ],
    author: {
      name: 'author',
      path: `/Author/${author.id}`,
      ready: (page) => page.getByRole('tab', { name: 'Created', exact: true }),
    },
  };
}
