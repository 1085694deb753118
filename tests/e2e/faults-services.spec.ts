import type { Locator, Page } from '@playwright/test';
import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { cmsWriteAsUser, signInForCmsToken } from './helpers/cms-user.ts';
import { collectionByAddress, getNft, nftIdOf } from './helpers/facts.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { acceptRefusedConnections, bringUp, hang, takeDown } from './helpers/outage.ts';

/**
 * Hostile data and hung services on the real stack (deployed-system.md §B8). A signed-in user writes
 * rows the app cannot read (the CMS lets any such user, deployed-system.md §B1): that row is left out, the rest
 * of its list is shown. A CMS or JSON-RPC node that takes requests and never answers: within 10 s the
 * section says what failed and offers Try again, which loads the content once the service is back.
 *
 * Rows used: amazon-canopy #2's CMS row (its price is written and put back; no other spec reads it) and
 * one new transaction row of that collection, published in 2000 so that it is never a collection's
 * newest (the CMS lets users create transactions, not delete them).
 *
 * Outages: the CMS or the RPC endpoint goes down while someone browses: the page says what is missing,
 * keeps what it has, and comes back with "Try again" once the service is up. The outage is
 * simulated by refusing the browser's connections to the real local service. And a read node on another
 * chain than the configured one: the pages show the configuration error instead of chain data (§C1, §C9.7).
 */

/** Rule 7: from the first hung request to the message; the expect timeout is the measure, not a sleep. */
const WITHIN_10_S = { timeout: 10_000 };
const BAD_ROW = reserved('faults-services.spec.ts').tokens['amazon-canopy'].badRow;

function amazonCanopy() {
  const collection = deployment().collections.find((c) => c.key === 'amazon-canopy');
  if (!collection) throw new Error('no amazon-canopy in the deployment');
  return collection;
}

const grid = (page: Page) => page.getByRole('region', { name: 'Items in this collection' });
const card = (page: Page, name: string) => grid(page).getByRole('link', { name: `Open ${name}`, exact: true });
const failed = (page: Page) => page.getByRole('alert').filter({ hasText: 'We could not load this data' });

/** Opens `path` without waiting for the load event: a hung image would hold that back forever. */
async function open(page: Page, path: string) {
  await page.goto(appUrl(path), { waitUntil: 'domcontentloaded' });
}

async function retryAndExpect(page: Page, alert: Locator, content: Locator) {
  await alert.getByRole('button', { name: 'Try again' }).first().click();
  await expect(content).toBeVisible();
}

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

test.describe('hostile data', () => {
  test('bad CMS row: prices -1 and 0.0000001 leave the other NFTs shown; a -5 transaction leaves the dashboard table', async ({
    page,
    wallet,
  }) => {
    // Signing in through the wallet dialog alone can take half a minute on a busy machine.
    test.setTimeout(180_000);
    const amazon = amazonCanopy();
    const collection = await collectionByAddress(amazon.address);
    const badId = await nftIdOf(collection.id, BAD_ROW);
    const original = await getNft(badId);
    const jwt = await signInForCmsToken(page, wallet);
    const others = [`${amazon.name} #1`, `${amazon.name} #4`];
    try {
      for (const price of [-1, 0.0000001]) {
        await cmsWriteAsUser(jwt, 'PUT', `/api/nft-v1s/${badId}`, { price });
        await page.goto(appUrl(`/colection/${collection.id}`));
        for (const name of others) await expect(card(page, name)).toBeVisible();
        await expect(card(page, `${amazon.name} #${BAD_ROW}`)).toHaveCount(0);
        await expect(failed(page)).toHaveCount(0);
      }
    } finally {
      await cmsWriteAsUser(jwt, 'PUT', `/api/nft-v1s/${badId}`, { price: original.price });
    }
    // Put back: the row is readable again.
    await page.reload();
    await expect(card(page, `${amazon.name} #${BAD_ROW}`)).toBeVisible();

    await cmsWriteAsUser(jwt, 'POST', '/api/transactions', {
      collection: collection.id,
      from_address: wallet.address,
      to_address: wallet.address,
      price: -5,
      desc: 'Buy',
      publishedAt: '2000-01-01T00:00:00.000Z',
    });
    await page.goto(appUrl('/dashboard'));
    const section = page.getByRole('region', { name: 'NFT Collections' });
    const table = section.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: amazon.name })).toBeVisible();
    await expect(section.getByText('The collections could not be read.')).toHaveCount(0);
  });

  test('CMS hangs: home says so with Try again within 10 s, and shows New Release once it answers', async ({
    page,
  }) => {
    const { cmsUrl } = stackInfo();
    const { firstRequest } = await hang(page, cmsUrl);
    await open(page, '/home');
    await firstRequest;
    const newRelease = page.getByRole('region', { name: 'New Release' });
    const alert = newRelease.getByRole('alert');
    await expect(alert).toContainText('We could not load this data', WITHIN_10_S);
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();

    await bringUp(page, cmsUrl);
    await retryAndExpect(page, alert, newRelease.getByRole('link').first());
  });

  test('CMS hangs: the collection page says so with Try again within 10 s, and loads once it answers', async ({
    page,
  }) => {
    const amazon = amazonCanopy();
    const collection = await collectionByAddress(amazon.address);
    const { cmsUrl } = stackInfo();
    const { firstRequest } = await hang(page, cmsUrl);
    await open(page, `/colection/${collection.id}`);
    await firstRequest;
    await expect(failed(page).getByRole('button', { name: 'Try again' })).toBeVisible(WITHIN_10_S);
    await expect(page.locator('.skeleton')).toHaveCount(0);

    await bringUp(page, cmsUrl);
    await retryAndExpect(page, failed(page), page.getByRole('heading', { level: 1, name: amazon.name }));
    await expect(card(page, `${amazon.name} #1`)).toBeVisible();
  });

  test('CMS hangs: the NFT detail page says so with Try again within 10 s, and loads once it answers', async ({
    page,
  }) => {
    const amazon = amazonCanopy();
    const nftId = await nftIdOf((await collectionByAddress(amazon.address)).id, 1);
    const { cmsUrl } = stackInfo();
    const { firstRequest } = await hang(page, cmsUrl);
    await open(page, `/ItemDetail/${nftId}`);
    await firstRequest;
    await expect(failed(page).getByRole('button', { name: 'Try again' })).toBeVisible(WITHIN_10_S);

    await bringUp(page, cmsUrl);
    await retryAndExpect(page, failed(page), page.getByRole('heading', { level: 1, name: `${amazon.name} #1` }));
  });

  test('RPC hangs: swapping says the order book could not be read, with Try again within 10 s, then shows it', async ({
    page,
  }) => {
    const { rpcUrl } = stackInfo();
    const { firstRequest } = await hang(page, rpcUrl);
    await open(page, '/swapping');
    await firstRequest;
    const alert = page.getByRole('alert').filter({ hasText: 'The order book could not be read.' });
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible(WITHIN_10_S);

    await bringUp(page, rpcUrl);
    await retryAndExpect(page, alert, page.getByRole('table').first());
    await expect(alert).toHaveCount(0);
  });

  test('RPC hangs: staking says the pools could not be read, with Try again within 10 s, then lists them', async ({
    page,
  }) => {
    const { rpcUrl } = stackInfo();
    const { firstRequest } = await hang(page, rpcUrl);
    await open(page, '/nft-staking');
    await firstRequest;
    await expect(failed(page).getByRole('button', { name: 'Try again' })).toBeVisible(WITHIN_10_S);

    await bringUp(page, rpcUrl);
    await retryAndExpect(
      page,
      failed(page),
      page.getByRole('list', { name: 'Staking pools' }).getByRole('listitem').first(),
    );
  });

  test('RPC hangs: the NFT detail page says the owner could not be read, with Try again within 10 s, then shows it', async ({
    page,
  }) => {
    const amazon = amazonCanopy();
    const nftId = await nftIdOf((await collectionByAddress(amazon.address)).id, 1);
    const { rpcUrl } = stackInfo();
    const { firstRequest } = await hang(page, rpcUrl);
    await open(page, `/ItemDetail/${nftId}`);
    await firstRequest;
    const ownerNotice = page.getByRole('alert').filter({ hasText: 'owner could not be read' });
    await expect(ownerNotice.getByRole('button', { name: 'Try again' })).toBeVisible(WITHIN_10_S);

    await bringUp(page, rpcUrl);
    await ownerNotice.getByRole('button', { name: 'Try again' }).click();
    await expect(ownerNotice).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: `${amazon.name} #1` })).toBeVisible();
  });
});

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

test.describe('a read node on another chain', () => {
  test('RPC on another chain: the pages show the configuration error instead of chain data', async ({ page }) => {
    // The read node answers eth_chainId with chain 1; every other answer is the real node's.
    let chainIdAsked = 0;
    await page.route(
      (url) => url.href.startsWith(stackInfo().appUrl) || url.href.startsWith(stackInfo().rpcUrl),
      async (route) => {
        const request = route.request();
        const body = request.method() === 'POST' ? request.postData() : null;
        if (!body?.includes('"jsonrpc"')) return route.fallback();
        const response = await route.fetch();
        const answer = (await response.json()) as unknown;
        const calls = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
        const chainIds = new Set(
          (Array.isArray(calls) ? calls : [calls]).filter((c) => c.method === 'eth_chainId').map((c) => c.id),
        );
        chainIdAsked += chainIds.size;
        const patch = (entry: { id: unknown; result?: unknown }) =>
          chainIds.has(entry.id) ? { ...entry, result: '0x1' } : entry;
        const patched = Array.isArray(answer) ? answer.map(patch) : patch(answer as { id: unknown });
        return route.fulfill({ response, json: patched });
      },
    );
    const message =
      /^The RPC node \S+ is on chain 1, the app is configured for chain 31337\. Blockchain data is not shown until the operator fixes VITE_RPC_URLS or VITE_CHAIN_ID\.$/;

    await page.goto(appUrl('/nft-staking'));
    await expect(page.getByText(message).first()).toBeVisible({ timeout: 30_000 });
    await page.goto(appUrl('/swapping'));
    await expect(page.getByText(message).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('tr[data-order-id]')).toHaveCount(0);
    expect(chainIdAsked).toBeGreaterThan(0);
  });
});
