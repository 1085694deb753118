import { appUrl, deployment, expect, test } from './fixtures.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import {
  cards,
  expectAuthorAfterSignIn,
  expectCollectionGrid,
  expectCollectionPage,
  expectHome,
  expectListedAndUnmintedDetail,
  expectMintedDetail,
  expectSearch,
  expectSignedInViewCounted,
  expectStatusFilter,
  exploreToCollection,
  pickCollection,
} from './helpers/browsing.ts';
import { cmsGet, collectionByAddress, nftIdOf, type CollectionAttributes, type StandardList } from './helpers/facts.ts';

/**
 * End to end (deployed-system.md §P2): the browsing screens on the real stack. Every expected value is read
 * from the deployment file, the CMS REST API or the chain while the test runs.
 */

const LOCAL_CHAIN_DETAIL = reserved('browsing.spec.ts').tokens['savanna-echoes'].localChainDetail;

test.describe('browsing', () => {
  test('home → explore → collection → search / status filter → NFT detail → author', async ({ page, wallet }) => {
    test.setTimeout(120_000);
    const pick = await pickCollection();
    const dep = deployment();

    // ── Home, Explore ───────────────────────────────────────────────────────────────────
    const { comingSoon } = await expectHome(page);
    await exploreToCollection(page, pick, comingSoon);

    // ── Collection: page, grid, search, status filter ───────────────────────────────────
    await expectCollectionPage(page, pick);
    const tokens = await expectCollectionGrid(page, pick);
    await expectSearch(page, pick, tokens);
    const listedTokens = await expectStatusFilter(page, pick, tokens);

    // ── NFT detail: a minted token, then a listed and an unminted one ───────────────────
    const { mintedId, before } = await expectMintedDetail(page, pick, tokens);
    await expectListedAndUnmintedDetail(page, pick, dep, tokens, listedTokens);

    // ── Author (protected), then a signed-in visit counts ───────────────────────────────
    await expectAuthorAfterSignIn(page, wallet, mintedId, before);
    await expectSignedInViewCounted(page, mintedId, before);
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
    // The Details panel opens with the page (a click would close it again).
    await expect(page.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
    const details = page.locator('dl.nft-details');
    await expect(details.getByText('Anvil Local', { exact: true })).toBeVisible();
    await expect(details.getByText(`${savanna.address.slice(0, 5)}....${savanna.address.slice(-5)}`)).toBeVisible();
    await expect(page.locator('a[href*="polygonscan"], a[href*="explorer"]')).toHaveCount(0);
  });
});
