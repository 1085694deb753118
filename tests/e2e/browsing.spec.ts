import type { Page, Request } from '@playwright/test';
import type { DeployedCollection } from '../../contracts/deploy/deploy.ts';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, test } from './fixtures.ts';
import {
  copiesOfVerified,
  shownName,
  chainOwnerOf,
  cmsGet,
  collectionByAddress,
  getNft,
  human3,
  nftIdOf,
  short,
  usdt3,
  type CollectionAttributes,
  type StandardList,
} from './helpers/facts.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';

/**
 * End to end (deployed-system.md §P2): the browsing screens on the real stack. Every expected value is read
 * from the deployment file, the CMS REST API or the chain while the test runs.
 */

const LOCAL_CHAIN_DETAIL = reserved('browsing.spec.ts').tokens['savanna-echoes'].localChainDetail;
const MUSIC = 'music'; // the audio card variant shows no Buy/View label (deployed-system.md §P2.6)

interface Pick {
  chain: DeployedCollection;
  cmsId: number;
  cms: CollectionAttributes;
}

/** A chain collection with a listed, a minted and an unminted token whose cards use the default variant. */
async function pickCollection(): Promise<Pick> {
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

const grid = (page: Page) => page.getByRole('region', { name: 'Items in this collection' });
const cards = (page: Page) => grid(page).getByRole('listitem');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: `Open ${name}`, exact: true }) });

async function expectGridNames(page: Page, names: string[]) {
  await expect(cards(page)).toHaveCount(names.length);
  for (const name of names) await expect(card(page, name)).toHaveCount(1);
}

function tokenName(pick: Pick, tokenId: number) {
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

test.describe('browsing', () => {
  test('home → explore → collection → search / status filter → NFT detail → author', async ({ page, wallet }) => {
    test.setTimeout(120_000);
    const pick = await pickCollection();
    const dep = deployment();

    // ── Home ────────────────────────────────────────────────────────────────────────────
    type Cols = StandardList<CollectionAttributes>;
    const featured = await cmsGet<Cols>(
      '/api/collections?filters[status][$eq]=Active&filters[feature][$eq]=true&pagination[pageSize]=100',
    );
    const comingSoon = await cmsGet<Cols>('/api/collections?filters[status][$eq]=Inactive&pagination[pageSize]=100');
    expect(featured.data.length).toBeGreaterThan(0);
    expect(comingSoon.data.length).toBeGreaterThan(0);

    const newest = await cmsGet<Cols>(
      '/api/collections?filters[status][$eq]=Active&sort=createdAt:desc&pagination[limit]=1',
    );
    await page.goto(appUrl('/home'));
    await expect(page.getByRole('heading', { level: 1, name: 'Collection Terra Mater' })).toBeVisible();
    // The hero decorates itself with the newest active collection.
    await expect(page.getByRole('img', { name: `${shownName(newest.data[0]!.attributes.name)} banner` })).toBeVisible();
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
      await expect(item).toContainText(`${usdt3(token.price)} USDT`);
    }

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
    const history = await cmsGet<
      StandardList<{ from_address: string; to_address: string; price: string; desc: string }>
    >(`/api/transactions?filters[nft_v_1][id][$eq]=${mintedId}`);
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
    await expect(page.getByText(`${usdt3(listed.price)} USDT`, { exact: true })).toBeVisible();

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
  });

  test('a long collection pages by 24 with infinite scroll; a status change starts again at page 1', async ({
    page,
  }) => {
    type Cols = StandardList<CollectionAttributes>;
    const active = await cmsGet<Cols>(
      '/api/collections?filters[status][$eq]=Active&populate=category&pagination[pageSize]=100',
    );
    let long: { id: number; name: string; total: number } | null = null;
    for (const row of active.data) {
      const count = await cmsGet<StandardList<unknown>>(
        `/api/nft?filters[collection][id][$eq]=${row.id}&pagination[pageSize]=1`,
      );
      if (count.meta.pagination.total > 48)
        long = { id: row.id, name: row.attributes.name, total: count.meta.pagination.total };
    }
    expect(long, 'the seed has a collection with more than two pages').not.toBeNull();
    const statusOf = await cmsGet<{
      data: { nft_status: { id: number; Status: string } | null }[];
      meta: { total: number };
    }>(`/api/nft-v1s?collectionId=${long!.id}&page=1`);
    const status = statusOf.data[0]!.nft_status!;
    const withStatus = await cmsGet<{ meta: { total: number } }>(
      `/api/nft-v1s?collectionId=${long!.id}&statuses=${encodeURIComponent(JSON.stringify([String(status.id)]))}`,
    );

    await page.goto(appUrl(`/colection/${long!.id}`));
    await expect(page.locator('dt', { hasText: 'Items' }).locator('+ dd')).toHaveText(String(long!.total));
    // The grid keeps only the rows near the viewport in the DOM; each card says how many
    // the list holds (aria-setsize).
    const loaded = () => cards(page).first();
    await expect(loaded()).toHaveAttribute('aria-setsize', '24');
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(loaded()).toHaveAttribute('aria-setsize', '48');
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(loaded()).toHaveAttribute('aria-setsize', String(Math.min(72, long!.total)));

    // Ticking a status reloads from page 1: one page, not the three already shown.
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('checkbox', { name: status.Status, exact: true })
      .check();
    await expect(loaded()).toHaveAttribute('aria-setsize', String(Math.min(24, withStatus.meta.total)));
  });
});

test.describe('the chain named on the detail page', () => {
  test('local chain: the detail page names the app chain and links no explorer (chain 31337 has none)', async ({
    page,
  }) => {
    const d = deployment();
    const savanna = d.collections.find((c) => c.key === 'savanna-echoes');
    if (!savanna) throw new Error('no savanna-echoes in the deployment');
    const nftId = await nftIdOf((await collectionByAddress(savanna.address)).id, LOCAL_CHAIN_DETAIL);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Details' }).click();
    const details = page.locator('dl.nft-details');
    await expect(details.getByText('Anvil Local', { exact: true })).toBeVisible();
    await expect(details.getByText(`${savanna.address.slice(0, 5)}....${savanna.address.slice(-5)}`)).toBeVisible();
    await expect(page.locator('a[href*="polygonscan"], a[href*="explorer"]')).toHaveCount(0);
  });
});
