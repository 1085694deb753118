import type { Page, Request } from '@playwright/test';
import type { DeployedCollection, Deployment } from '../../../contracts/deploy/deploy.ts';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn } from '../fixtures.ts';
import type { TestWallet } from '../test-wallet.ts';
import {
  chainOwnerOf,
  cmsGet,
  collectionByAddress,
  copiesOfVerified,
  getNft,
  human3,
  newestVerifiedCollection,
  nftIdOf,
  shownName,
  short,
  usdt3,
  type CollectionAttributes,
  type StandardList,
} from './facts.ts';

/**
 * The steps of browsing.spec's walk (home → explore → collection → search / status filter → NFT detail →
 * author), each with its own expectations in the walk's order (deployed-system.md §P2). Every expected value is
 * read from the deployment file, the CMS REST API or the chain while the test runs.
 */

const MUSIC = 'music'; // the audio card variant shows no Buy/View label (deployed-system.md §P2.6)

type Cols = StandardList<CollectionAttributes>;
type Token = DeployedCollection['tokens'][number];
type Nft = Awaited<ReturnType<typeof getNft>>;

export interface Pick {
  chain: DeployedCollection;
  cmsId: number;
  cms: CollectionAttributes;
}

/** A chain collection with a listed, a minted and an unminted token whose cards use the default variant. */
export async function pickCollection(): Promise<Pick> {
  for (const chain of deployment().collections) {
    const states = new Set(chain.tokens.map((token) => token.state));
    if (!states.has('listed') || !states.has('minted') || !states.has('unminted')) continue;
    const row = await collectionByAddress(chain.address);
    if (row.attributes.category.data?.attributes.category.toLowerCase() === MUSIC) continue;
    if (row.attributes.status !== 'Active') continue;
    return { chain, cmsId: row.id, cms: row.attributes };
  }
  throw new Error('the deployment has no active collection with listed, minted and unminted tokens');
}

export const grid = (page: Page) => page.getByRole('region', { name: 'Items in this collection' });
export const cards = (page: Page) => grid(page).getByRole('listitem');
export const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: `Open ${name}`, exact: true }) });

export async function expectGridNames(page: Page, names: string[]) {
  await expect(cards(page)).toHaveCount(names.length);
  for (const name of names) await expect(card(page, name)).toHaveCount(1);
}

export function tokenName(pick: Pick, tokenId: number) {
  return `${pick.chain.name} #${tokenId}`;
}

/** Records the view-counter PUTs of one NFT. */
function watchViewPuts(page: Page, nftId: number): Request[] {
  const puts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/nft-v1s/${nftId}`) puts.push(request);
  });
  return puts;
}

/** Home: hero, New Release and Coming Soon from the CMS, the tiles and the FAQ. */
export async function expectHome(page: Page): Promise<{ comingSoon: Cols }> {
  // ── Home ────────────────────────────────────────────────────────────────────────────
  const featured = await cmsGet<Cols>(
    '/api/collections?filters[status][$eq]=Active&filters[feature][$eq]=true&pagination[pageSize]=100',
  );
  const comingSoon = await cmsGet<Cols>('/api/collections?filters[status][$eq]=Inactive&pagination[pageSize]=100');
  expect(featured.data.length).toBeGreaterThan(0);
  expect(comingSoon.data.length).toBeGreaterThan(0);

  const newest = await newestVerifiedCollection();
  await page.goto(appUrl('/home'));
  await expect(page.getByRole('heading', { level: 1, name: 'Collection Terra Mater' })).toBeVisible();
  // The hero decorates itself with the newest active verified collection.
  await expect(page.getByRole('img', { name: `${shownName(newest.attributes.name)} banner` })).toBeVisible();
  await expect(page.getByText('First NFT Incubator and marketplace owned by people', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show me more' })).toHaveAttribute('href', '/about');
  const newRelease = page.getByRole('region', { name: 'New Release collections' });
  const soon = page.getByRole('region', { name: 'Coming Soon collections' });
  // Rows copying a verified collection (another spec may have made some) are left out of New Release (deployed-system.md §C9.6).
  const isCopy = await copiesOfVerified();
  for (const row of featured.data.filter((row) => !isCopy(row)))
    await expect(newRelease).toContainText(shownName(row.attributes.name));
  for (const row of comingSoon.data) await expect(soon).toContainText(shownName(row.attributes.name));
  // Inactive collections are not new releases, and active ones are not "coming soon".
  for (const row of comingSoon.data) await expect(newRelease).not.toContainText(shownName(row.attributes.name));
  for (const row of featured.data) await expect(soon).not.toContainText(shownName(row.attributes.name));
  for (const tile of ['Contact us', 'Work with us', 'Do you have a project?']) {
    await expect(page.getByRole('link', { name: new RegExp(tile.replace('?', '\\?')) }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How does NFT staking work?' })).toBeVisible();
  return { comingSoon };
}

/** Explore: the category tabs and cards; then the picked collection's category tab and card. */
export async function exploreToCollection(page: Page, pick: Pick, comingSoon: Cols): Promise<void> {
  // ── Explore ─────────────────────────────────────────────────────────────────────────
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Collections' })
    .click();
  await expect(page).toHaveURL(appUrl('/explore'));
  await expect(page.getByRole('heading', { level: 1, name: 'Explore, collect, and sell NFTs' })).toBeVisible();
  const categories = await cmsGet<StandardList<{ category: string }>>('/api/categories?pagination[pageSize]=100');
  await expect(page.getByRole('tab')).toHaveCount(categories.data.length + 1);
  await expect(page.getByRole('tab', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'true');
  const active = await cmsGet<Cols>(
    '/api/collections?filters[status][$eq]=Active&populate=category&pagination[pageSize]=100',
  );
  const allPanel = page.getByRole('tabpanel');
  await expect(allPanel.getByRole('link')).toHaveCount(active.data.length);
  // A card's name ends with its trust label (the tick's "Verified collection", or "Unverified").
  const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const cardName = (name: string) => new RegExp(`^${escaped(name)} (Verified collection|Unverified)$`);
  // Copies of a verified collection carry a note after "Unverified" (deployed-system.md §C9.6), and may share a verified name.
  const anyCardName = (name: string) => new RegExp(`^${escaped(name)} (Verified collection|Unverified( .+)?)$`);
  for (const row of active.data)
    await expect(allPanel.locator(`a[href="/colection/${row.id}"]`)).toHaveAccessibleName(
      anyCardName(shownName(row.attributes.name)),
    );
  for (const row of comingSoon.data) await expect(allPanel).not.toContainText(shownName(row.attributes.name));

  const categoryName = pick.cms.category.data?.attributes.category;
  expect(categoryName, 'the picked collection has a category').toBeTruthy();
  await page.getByRole('tab', { name: categoryName!, exact: true }).click();
  const inCategory = active.data.filter((row) => row.attributes.category.data?.attributes.category === categoryName);
  const categoryPanel = page.getByRole('tabpanel').filter({ visible: true });
  await expect(categoryPanel.getByRole('link')).toHaveCount(inCategory.length);
  await categoryPanel.getByRole('link', { name: cardName(pick.chain.name) }).click();
}

/** The collection page: figures, social links, description and share menu. */
export async function expectCollectionPage(page: Page, pick: Pick): Promise<void> {
  // ── Collection ──────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(appUrl(`/colection/${pick.cmsId}`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${pick.chain.name}`) })).toBeVisible();
  const count = await cmsGet<StandardList<unknown>>(`/api/nft?filters[collection][id][$eq]=${pick.cmsId}`);
  expect(count.meta.pagination.total, 'CMS rows = tokens of the deployment').toBe(pick.chain.tokens.length);
  await expect(page.locator('dt', { hasText: 'Items' }).locator('+ dd')).toHaveText(
    String(count.meta.pagination.total),
  );
  const created = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(pick.cms.publishedAt),
  );
  await expect(page.locator('dt', { hasText: 'Created' }).locator('+ dd')).toHaveText(created);
  await expect(page.locator('dt', { hasText: 'Creator Fee' }).locator('+ dd')).toHaveText('7%');
  await expect(page.locator('dt', { hasText: 'Chain' }).locator('+ dd')).toHaveText(pick.cms.chain_name);

  // Social links: exactly the ones the CMS has (all https), named with their host; "Find out more" and the share menu.
  const socials = {
    website: 'Website',
    etherscan: 'View on etherscan',
    discord: 'Discord',
    twitter: 'Twitter',
    facebook: 'Facebook',
    telegram: 'Telegram',
  } as const;
  for (const [key, label] of Object.entries(socials)) {
    const url = pick.cms[key as keyof typeof socials];
    if (url) {
      const { hostname, href } = new URL(url);
      await expect(page.getByRole('link', { name: `${label}: ${hostname}`, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    } else await expect(page.getByRole('link', { name: new RegExp(`^${label}: `) })).toHaveCount(0);
  }
  if (pick.cms.desc) await expect(page.getByText(pick.cms.desc, { exact: false })).toBeVisible();
  if (pick.cms.detail_link)
    await expect(page.getByRole('link', { name: /^Find out more/ })).toHaveAttribute(
      'href',
      new URL(pick.cms.detail_link).href,
    );
  await page.getByRole('button', { name: 'Share' }).click();
  const pageUrl = encodeURIComponent(page.url());
  await expect(
    page.getByRole('button', { name: 'Share on facebook' }).or(page.getByRole('link', { name: 'Share on facebook' })),
  ).toHaveAttribute('href', new RegExp(`facebook\\.com/.*${pageUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(
    page.getByRole('button', { name: 'Share on Twitter' }).or(page.getByRole('link', { name: 'Share on Twitter' })),
  ).toHaveAttribute('href', new RegExp(`twitter\\.com/.*${pageUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await page.keyboard.press('Escape');
}

/** The grid: every token in token order, Buy exactly when listed, a price only from the chain; returns the tokens. */
export async function expectCollectionGrid(page: Page, pick: Pick): Promise<Token[]> {
  // Every token of the collection, in token order, Buy exactly when the marketplace lists it.
  const tokens = [...pick.chain.tokens].sort((a, b) => a.tokenId - b.tokenId);
  await expectGridNames(
    page,
    tokens.map((token) => tokenName(pick, token.tokenId)),
  );
  await expect(cards(page).first()).toContainText(tokenName(pick, tokens[0]!.tokenId));
  for (const token of tokens) {
    const item = card(page, tokenName(pick, token.tokenId));
    const listed = token.state === 'listed';
    await expect(
      item.getByText(listed ? 'Buy' : 'View', { exact: true }),
      `token ${token.tokenId} (${token.state})`,
    ).toBeVisible();
    await expect(item.getByText(listed ? 'View' : 'Buy', { exact: true })).toHaveCount(0);
    // Prices from the chain only (issue 38): a listing's price, an unminted token's mint cost, none for the others.
    if (token.state === 'listed' || token.state === 'unminted')
      await expect(item).toContainText(`${usdt3(token.price)} USDT`);
    else await expect(item).not.toContainText('USDT');
  }
  return tokens;
}

/** Search on Enter only; nothing found; an empty search brings the whole list back. */
export async function expectSearch(page: Page, pick: Pick, tokens: Token[]): Promise<void> {
  // Search runs on Enter only.
  const searchText = `#${tokens[1]!.tokenId}`;
  const expected = await cmsGet<{ data: { token_name: string }[] }>(
    `/api/nft-v1s/fwfilters?collectionId=${pick.cmsId}&searchtxt=${encodeURIComponent(searchText)}`,
  );
  expect(expected.data.length).toBeGreaterThan(0);
  expect(expected.data.length).toBeLessThan(tokens.length);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/nft-v1s/fwfilters')) searches.push(request.url());
  });
  const search = page.getByRole('searchbox');
  await expect(search).toHaveAttribute('placeholder', 'Search');
  await search.fill(searchText);
  await page.waitForTimeout(800);
  expect(searches, 'typing alone sends no search').toEqual([]);
  await search.press('Enter');
  await expectGridNames(
    page,
    expected.data.map((row) => row.token_name),
  );
  expect(searches).toHaveLength(1);
  expect(new URL(searches[0]!).searchParams.get('searchtxt')).toBe(searchText);

  // A search that finds nothing shows the empty text of deployed-system.md §P8, an empty search the whole list again.
  await search.fill('no such token zzz');
  await search.press('Enter');
  await expect(grid(page).getByText('No item to display', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await search.fill('');
  await search.press('Enter');
  await expectGridNames(
    page,
    tokens.map((token) => tokenName(pick, token.tokenId)),
  );
}

/** The status filter: "Buy Now" keeps only the listed tokens; returns them. */
export async function expectStatusFilter(page: Page, pick: Pick, tokens: Token[]): Promise<Token[]> {
  // Status filter: one checkbox per CMS status; "Buy Now" keeps only the listed tokens.
  const statuses = await cmsGet<StandardList<{ Status: string }>>('/api/nft-statuses');
  const filters = page.getByRole('group', { name: 'Status' });
  await expect(filters.getByRole('checkbox')).toHaveCount(statuses.data.length);
  const listedStatus = statuses.data.find((row) => row.attributes.Status.toLowerCase() === 'buy now');
  expect(listedStatus).toBeTruthy();
  await filters.getByRole('checkbox', { name: listedStatus!.attributes.Status, exact: true }).check();
  const listedTokens = tokens.filter((token) => token.state === 'listed');
  await expectGridNames(
    page,
    listedTokens.map((token) => tokenName(pick, token.tokenId)),
  );
  for (const token of listedTokens)
    await expect(card(page, tokenName(pick, token.tokenId)).getByText('Buy', { exact: true })).toBeVisible();
  await filters.getByRole('checkbox', { name: listedStatus!.attributes.Status, exact: true }).uncheck();
  await expectGridNames(
    page,
    tokens.map((token) => tokenName(pick, token.tokenId)),
  );
  return listedTokens;
}

/** A minted token's detail page, not signed in; returns its CMS id and its row as it was before the visit. */
export async function expectMintedDetail(
  page: Page,
  pick: Pick,
  tokens: Token[],
): Promise<{ mintedId: number; before: Nft }> {
  // ── NFT detail: a minted token ──────────────────────────────────────────────────────
  const minted = tokens.find((token) => token.state === 'minted')!;
  const mintedId = await nftIdOf(pick.cmsId, minted.tokenId);
  const before = await getNft(mintedId);
  const puts = watchViewPuts(page, mintedId);
  await card(page, tokenName(pick, minted.tokenId))
    .getByRole('link', { name: `Open ${tokenName(pick, minted.tokenId)}` })
    .click();
  await expect(page).toHaveURL(appUrl(`/ItemDetail/${mintedId}`));
  await expect(page.getByRole('heading', { level: 1, name: before.token_name })).toBeVisible();

  const owner = await chainOwnerOf(pick.chain.address, minted.tokenId);
  expect(owner.toLowerCase(), 'deployment and chain agree on the owner').toBe(minted.owner!.toLowerCase());
  await expect(page.getByRole('paragraph').filter({ hasText: 'Owner:' })).toContainText(short(owner));
  await expect(page.getByText(before.description, { exact: true })).toBeVisible();
  await expect(page.getByText(`${human3(before.price)} USDT`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: pick.chain.name, exact: true })).toHaveAttribute(
    'href',
    `/colection/${pick.cmsId}`,
  );
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mint', exact: true })).toHaveCount(0);

  // Properties: every CMS prop as a name/value pair.
  expect(before.props.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Properties' })).toBeVisible();
  for (const prop of before.props) {
    await expect(page.locator('dt', { hasText: prop.Property }).locator('+ dd').first()).toHaveText(prop.value);
  }
  await expect(page.locator('dt', { hasText: 'Token ID' }).locator('+ dd')).toHaveText(String(minted.tokenId));
  await expect(page.locator('dt', { hasText: 'Token Standard' }).locator('+ dd')).toHaveText(before.token_standard);
  // The local chain has no block explorer: the address is shown, not linked (deployed-system.md §C1).
  const contractCell = page.locator('dt', { hasText: 'Contract Address' }).locator('+ dd');
  // The CMS row may hold either spelling of the address (deployed-system.md §B7.1): compare ignoring case.
  await expect(contractCell).toHaveText(new RegExp(`^${short(pick.chain.address)}$`, 'i'));
  await expect(contractCell.getByRole('link')).toHaveCount(0);

  // Price History: the CMS transactions of this NFT (the seeded mint).
  const history = await cmsGet<StandardList<{ from_address: string; to_address: string; price: string; desc: string }>>(
    `/api/transactions?filters[nft_v_1][id][$eq]=${mintedId}`,
  );
  expect(history.data.length).toBeGreaterThan(0);
  const historyTable = page.getByRole('region', { name: 'Price History' }).getByRole('table');
  await expect(historyTable.getByRole('columnheader')).toHaveText(['From', 'To', /^Price/, 'Description']);
  await expect(historyTable.locator('tbody tr')).toHaveCount(history.data.length);
  const mint = history.data.find((row) => row.attributes.desc === 'Mint')!;
  await expect(historyTable.locator('tbody tr').filter({ hasText: 'Mint' })).toHaveText([
    new RegExp(
      `${short(mint.attributes.from_address).replace(/\./g, '\\.')}\\s*${short(mint.attributes.to_address).replace(/\./g, '\\.')}\\s*${human3(mint.attributes.price)}\\s*Mint`,
    ),
  ]);

  // Not signed in: the visit is not counted — no PUT at all (the CMS refuses anonymous updates).
  await page.waitForTimeout(1500);
  expect(puts).toHaveLength(0);
  expect((await getNft(mintedId)).views).toBe(before.views);
  await expect(page.getByText(new RegExp(`(^|\\s)${before.views} views$`))).toBeVisible();
  return { mintedId, before };
}

/** A listed token's detail page (held by the marketplace), then an unminted one's. */
export async function expectListedAndUnmintedDetail(
  page: Page,
  pick: Pick,
  dep: Deployment,
  tokens: Token[],
  listedTokens: Token[],
): Promise<void> {
  // ── NFT detail: a listed token (held by the marketplace) and an unminted one ────────
  const listed = listedTokens[0]!;
  const listedId = await nftIdOf(pick.cmsId, listed.tokenId);
  await page.goBack();
  await card(page, tokenName(pick, listed.tokenId)).getByRole('link').first().click();
  await expect(page).toHaveURL(appUrl(`/ItemDetail/${listedId}`));
  const marketOwner = await chainOwnerOf(pick.chain.address, listed.tokenId);
  expect(marketOwner.toLowerCase()).toBe(dep.contracts.marketplace.toLowerCase());
  // The marketplace holds the token; the page names its seller (the deployment's "listed" owner).
  await expect(page.getByRole('paragraph').filter({ hasText: 'Owner:' })).toContainText(
    `${short(listed.owner!)} · listed on the marketplace`,
  );
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  // The current price (the Activity lists the listing's price too).
  await expect(
    page.locator('.nft-detail-price').getByText(`${usdt3(listed.price)} USDT`, { exact: true }),
  ).toBeVisible();

  const unminted = tokens.find((token) => token.state === 'unminted')!;
  const unmintedId = await nftIdOf(pick.cmsId, unminted.tokenId);
  await page.goBack();
  await card(page, tokenName(pick, unminted.tokenId)).getByRole('link').first().click();
  await expect(page).toHaveURL(appUrl(`/ItemDetail/${unmintedId}`));
  await expect(page.getByRole('button', { name: 'Mint', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  // Never minted: no mint in its price history.
  await expect(
    page.getByRole('region', { name: 'Price History' }).getByText('No Items to display', { exact: true }),
  ).toBeVisible();
}

/** The author page (protected): /login first, back to the author after signing in. */
export async function expectAuthorAfterSignIn(
  page: Page,
  wallet: TestWallet,
  mintedId: number,
  before: Nft,
): Promise<void> {
  // ── Author (protected): /login first, back to the author after signing in ───────────
  const withAuthor = await cmsGet<{ author?: { id: number } | null }>(`/api/nft-v1s/${mintedId}`);
  expect(withAuthor.author?.id, 'seeded NFTs have an author').toBeTruthy();
  const authorId = withAuthor.author!.id;
  const author = await cmsGet<{
    data: { id: number; attributes: { username: string; wallet: string; followers: number; social: string } };
  }>(`/api/authors/${authorId}`);
  await page.goto(appUrl(`/Author/${authorId}`));
  await expect(page).toHaveURL(appUrl('/login'));
  await connectThroughModal(page);
  await expect(page).toHaveURL(appUrl(`/Author/${authorId}`));
  await expectSignedIn(page, wallet.address);

  const a = author.data.attributes;
  await expect(page.getByRole('heading', { level: 1, name: a.username })).toBeVisible();
  await expect(page.getByText(short(a.wallet), { exact: true })).toBeVisible();
  const followers = a.followers > 999 ? `${(a.followers / 1000).toFixed(2)}k` : String(a.followers);
  await expect(page.getByText(`${followers} followers`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  for (const tab of ['On Sale', 'Created', 'Liked'])
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();

  const authorPanel = () => page.getByRole('tabpanel').filter({ visible: true }).getByRole('listitem');
  const onSale = await cmsGet<StandardList<unknown>>(
    `/api/nft?filters[author][id][$eq]=${authorId}&filters[nft_status][id][$eq]=2`,
  );
  await expect(authorPanel()).toHaveCount(onSale.meta.pagination.total);
  await page.getByRole('tab', { name: 'Created', exact: true }).click();
  const createdList = await cmsGet<StandardList<unknown>>(`/api/nft?filters[author][id][$eq]=${authorId}`);
  expect(createdList.meta.pagination.total).toBeGreaterThan(0);
  await expect(authorPanel()).toHaveCount(createdList.meta.pagination.total);
  await expect(page.getByRole('tabpanel').filter({ visible: true })).toContainText(before.token_name);
}

/** A signed-in visit counts, once (even after the refetch), with the bearer token. */
export async function expectSignedInViewCounted(page: Page, mintedId: number, before: Nft): Promise<void> {
  // ── A signed-in visit counts, once (even after the refetch), with the bearer token ──
  const signedInPuts = watchViewPuts(page, mintedId);
  await page.goto(appUrl(`/ItemDetail/${mintedId}`));
  await expect(page.getByRole('heading', { level: 1, name: before.token_name })).toBeVisible();
  await expect.poll(async () => (await getNft(mintedId)).views).toBe(before.views + 1);
  await page.waitForTimeout(1500);
  expect(signedInPuts).toHaveLength(1);
  expect(await signedInPuts[0]!.headerValue('authorization')).toMatch(/^Bearer \S+/);
  expect((await getNft(mintedId)).views).toBe(before.views + 1);
  await expect(page.getByText(new RegExp(`(^|\\s)${before.views + 1} views$`))).toBeVisible();
}
