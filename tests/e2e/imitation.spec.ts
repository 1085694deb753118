import { appUrl, deployment, expect, test } from './fixtures.ts';
import { cmsWriteAsUser, signInForCmsToken } from './helpers/cms-user.ts';
import { cmsGet, collectionByAddress } from './helpers/facts.ts';

/**
 * Issue 36 §5 on the real stack: "verified" means the operator's own row (VITE_VERIFIED_COLLECTIONS, which the
 * local stack writes for its seeded rows). A signed-in user creates, through the CMS API, (a) a row named
 * "Tеrrа Gеnеsis" in Cyrillic letters claiming Terra Genesis's contract, (b) an exact-name clone reusing the
 * genuine banner, logo and contract, and (c) a row whose name hides a right-to-left override and zero-width
 * characters. Users cannot delete collection rows, so (a) and (b) stay: browsing.spec.ts and dashboard.spec.ts
 * leave copies of a verified row out of what they expect in New Release and the dashboard table, and compare
 * names as shown. No token or account of another spec is touched.
 */

// Cyrillic е (U+0435) and а (U+0430) in place of the Latin letters.
const HOMOGLYPH = 'T\u0435rr\u0430 G\u0435n\u0435sis';
// "Sunset Valley" with a zero-width space, a right-to-left override (which would show "yellaV"), its pop, a word
// joiner and a byte-order mark.
const HIDDEN = 'Sun\u200Bset \u202EValley\u202C\u2060\uFEFF';
const NOT_TRUSTED = '0xabababababababababababababababababababab';

interface Media {
  data: { id: number } | null;
}

test('imitation collection: a homoglyph name and an exact-name clone of a verified collection get no tick and no place in New Release; hidden characters are removed from names', async ({
  page,
  wallet,
}) => {
  // Six page loads on a shared stack (home, three collection pages, explore, dashboard) after signing in.
  test.setTimeout(240_000);
  const terra = deployment().collections.find((collection) => collection.key === 'terra-genesis');
  if (!terra) throw new Error('no terra-genesis in the deployment');
  const genuine = await collectionByAddress(terra.address);
  const media = await cmsGet<{ data: { attributes: { banner: Media; feature_img: Media } } }>(
    `/api/collections/${genuine.id}?populate[0]=banner&populate[1]=feature_img`,
  );
  const { banner, feature_img: logo } = media.data.attributes;
  expect(banner.data && logo.data, 'the genuine row has a banner and a logo to reuse').toBeTruthy();

  const jwt = await signInForCmsToken(page, wallet);
  // Every row reuses the genuine banner and logo: the newest active row lends its banner to the home hero, which
  // the performance and layout specs measure.
  const row = (name: string, contract: string, more: Record<string, unknown> = {}) =>
    cmsWriteAsUser(jwt, 'POST', '/api/collections', {
      name,
      contract_address: contract,
      chain_id: 137,
      chain_name: 'Polygon Mainnet',
      status: 'Active',
      feature: true,
      desc: genuine.attributes.desc,
      category: genuine.attributes.category.data?.id,
      banner: banner.data!.id,
      feature_img: logo.data!.id,
      publishedAt: new Date().toISOString(),
      ...more,
    });
  const hiddenId = await row(HIDDEN, NOT_TRUSTED, { feature: false });
  const homoglyphId = await row(HOMOGLYPH, terra.address.toLowerCase());
  // The exact-name clone, with the genuine banner, logo and contract.
  const cloneId = await row(genuine.attributes.name, genuine.attributes.contract_address);

  // New Release shows the genuine collection with its tick, and neither copy.
  await page.goto(appUrl('/home'));
  const newRelease = page.getByRole('region', { name: 'New Release collections' });
  const genuineCard = newRelease.locator(`a[href="/colection/${genuine.id}"]`);
  await expect(genuineCard).toHaveCount(1, { timeout: 30_000 });
  await expect(genuineCard.getByRole('img', { name: 'Verified collection' })).toHaveCount(1);
  await expect(newRelease.locator(`a[href="/colection/${homoglyphId}"]`)).toHaveCount(0);
  await expect(newRelease.locator(`a[href="/colection/${cloneId}"]`)).toHaveCount(0);
  await expect(newRelease).not.toContainText(HOMOGLYPH);

  // Each copy's own page: Unverified, named as an imitation, no tick; the genuine page keeps its tick.
  for (const [id, name] of [
    [homoglyphId, HOMOGLYPH],
    [cloneId, genuine.attributes.name],
  ] as const) {
    await page.goto(appUrl(`/colection/${id}`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
    await expect(page.getByText(`Imitation of ${genuine.attributes.name}: not the verified collection`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Verified collection' })).toHaveCount(0);
  }
  await page.goto(appUrl(`/colection/${genuine.id}`));
  await expect(page.getByRole('heading', { level: 1, name: genuine.attributes.name })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified collection' })).toBeVisible();
  await expect(page.getByText(/Imitation of/)).toHaveCount(0);

  // Explore lists the copies (labelled) after every other collection.
  await page.goto(appUrl('/explore'));
  const grid = page.getByRole('tabpanel');
  await expect(grid.locator(`a[href="/colection/${genuine.id}"]`)).toHaveCount(1);
  const order = await grid.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const firstCopy = Math.min(order.indexOf(`/colection/${homoglyphId}`), order.indexOf(`/colection/${cloneId}`));
  expect(firstCopy, 'both copies are listed').toBeGreaterThanOrEqual(0);
  expect(
    order.slice(firstCopy).every((href) => [`/colection/${homoglyphId}`, `/colection/${cloneId}`].includes(href!)),
    order.join(' '),
  ).toBe(true);

  // The dashboard's collections table has the genuine row and neither copy.
  await page.goto(appUrl('/dashboard'));
  const table = page.locator('.dashboard-collections');
  await expect(table.locator(`a[href="/colection/${genuine.id}"]`)).toHaveCount(1, { timeout: 30_000 });
  await expect(table.locator(`a[href="/colection/${homoglyphId}"], a[href="/colection/${cloneId}"]`)).toHaveCount(0);

  // The name with hidden characters shows without them.
  await page.goto(appUrl(`/colection/${hiddenId}`));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Sunset Valley');
  expect(await heading.evaluate((element) => element.textContent)).toBe('Sunset Valley');
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
});
