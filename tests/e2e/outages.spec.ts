import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { collectionByAddress, nftIdOf } from './helpers/facts.ts';
import { acceptRefusedConnections, bringUp, takeDown } from './helpers/outage.ts';

/**
 * The CMS or the RPC endpoint goes down while someone browses: the page says what is missing,
 * keeps what it has, and comes back with "Try again" once the service is up. The outage is
 * simulated by refusing the browser's connections to the real local service.
 */

async function listedToken() {
  const chain = deployment().collections.find((c) => c.tokens.some((t) => t.state === 'listed'));
  if (!chain) throw new Error('the deployment has no collection with a listed token');
  const token = chain.tokens.find((t) => t.state === 'listed')!;
  const collection = await collectionByAddress(chain.address);
  return {
    collectionId: collection.id,
    nftId: await nftIdOf(collection.id, token.tokenId),
    name: `${chain.name} #${token.tokenId}`,
  };
}

test.describe('outages', () => {
  test('CMS down: the collection page says so with Try again, and loads once the CMS is back', async ({
    page,
    consoleErrors,
  }) => {
    const { collectionId } = await listedToken();
    const { cmsUrl } = stackInfo();
    await takeDown(page, cmsUrl);
    await page.goto(appUrl(`/colection/${collectionId}`));
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load this data' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.skeleton')).toHaveCount(0);

    await bringUp(page, cmsUrl);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Items in this collection' }).getByRole('listitem').first(),
    ).toBeVisible();
    acceptRefusedConnections(consoleErrors);
  });

  test('RPC down: listings and owner are reported missing, Buy comes back with Try again', async ({
    page,
    consoleErrors,
  }) => {
    const token = await listedToken();
    const { rpcUrl } = stackInfo();
    await takeDown(page, rpcUrl);

    await page.goto(appUrl(`/colection/${token.collectionId}`));
    const listingsNotice = page.getByRole('alert').filter({ hasText: 'marketplace listings could not be read' });
    await expect(listingsNotice).toBeVisible({ timeout: 15_000 });
    const card = page
      .getByRole('region', { name: 'Items in this collection' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Open ${token.name}`, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Buy', { exact: true })).toHaveCount(0);

    await bringUp(page, rpcUrl);
    await listingsNotice.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByText('Buy', { exact: true })).toBeVisible();
    await expect(listingsNotice).toHaveCount(0);

    await takeDown(page, rpcUrl);
    await page.goto(appUrl(`/ItemDetail/${token.nftId}`));
    const ownerNotice = page.getByRole('alert').filter({ hasText: 'owner could not be read' });
    await expect(ownerNotice).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);

    await bringUp(page, rpcUrl);
    await ownerNotice.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(ownerNotice).toHaveCount(0);
    acceptRefusedConnections(consoleErrors);
  });
});
