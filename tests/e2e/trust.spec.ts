import type { Page } from '@playwright/test';
import { Contract, ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { compileContracts, getArtifact } from '../../contracts/scripts/compile.ts';
import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { cmsWriteAsUser, signInForCmsToken } from './helpers/cms-user.ts';
import { cmsGet, collectionByAddress, mined, newestVerifiedCollection, nftIdOf } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * The trust boundary on the real stack (deployed-system.md §C9.5). The CMS is writable by any
 * signed-in user, so these tests play that user: they sign in through the app, take its CMS token,
 * and write rows through the CMS API that point at a collection contract the test deployed itself.
 * Money must still move only on chain facts and the app's own configuration. Tokens used:
 * desert-bloom #5 and #6 (unminted, touched by no other spec).
 */

const RESERVED = reserved('trust.spec.ts');
const DESERT = RESERVED.tokens['desert-bloom'];
const UNTRUSTED_MESSAGE = 'This collection is not verified by Terra Mater; minting is disabled';

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const usdt = new Contract(d.contracts.usdt, ERC20_ABI, provider);
  return {
    d,
    provider,
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
    allowance: async (owner: string, spender: string) =>
      (await usdt.getFunction('allowance')(owner, spender)) as bigint,
  };
}

/** A collection contract of the reference kind, deployed by the test: nobody configured it as trusted. */
async function deployUntrustedCollection(): Promise<string> {
  const { d, provider } = chain();
  const deployer = new Wallet(d.accounts[RESERVED.accounts.untrustedDeployer.index]!.privateKey, provider);
  const artifact = getArtifact(await compileContracts({ quiet: true }), 'TerraNFT');
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
  const contract = await factory.deploy(d.contracts.usdt, `${stackInfo().cmsUrl}/api/nft-metadata/x/`, '', 700, '');
  await mined(provider, contract.deploymentTransaction()!.hash);
  return contract.getAddress();
}

async function desertBloom(tokenId: number) {
  const collection = deployment().collections.find((c) => c.key === 'desert-bloom');
  if (!collection) throw new Error('no desert-bloom in the deployment');
  const cms = await collectionByAddress(collection.address);
  return { address: collection.address, cost: BigInt(collection.cost), nftId: await nftIdOf(cms.id, tokenId) };
}

/** Screenshots of the page at 1366 and 375 px (artifacts/screenshots), with no sideways scrolling on either. */
async function shoot(page: Page, name: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} @${width}: no horizontal overflow`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `artifacts/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Checkout' });
const sends = (wallet: TestWallet) => wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length;

/**
 * deployed-system.md §C9.6 on the real stack: "verified" means the operator's own row (VITE_VERIFIED_COLLECTIONS, which the
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

test.describe('verified collections and imitations', () => {
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
    // Every row reuses the genuine banner and logo. None of them lends the home hero its banner: only a verified row
    // does (the performance and layout specs, which may run later on this stack, measure that banner).
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
      await expect(
        page.getByText(`Imitation of ${genuine.attributes.name}: not the verified collection`),
      ).toBeVisible();
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
});

test.describe('the home hero', () => {
  test("home hero: the newest active collection, created through the CMS API with a verified row's banner and logo, does not take the hero; the newest verified one keeps it", async ({
    page,
    wallet,
  }) => {
    const newest = await newestVerifiedCollection();
    const media = await cmsGet<{ data: { attributes: { banner: Media; feature_img: Media } } }>(
      `/api/collections/${newest.id}?populate[0]=banner&populate[1]=feature_img`,
    );
    const { banner, feature_img: logo } = media.data.attributes;
    expect(banner.data && logo.data, 'the newest verified row has a banner and a logo to reuse').toBeTruthy();

    const jwt = await signInForCmsToken(page, wallet);
    await cmsWriteAsUser(jwt, 'POST', '/api/collections', {
      name: 'Hero Squatter',
      // Not a copy of a verified row (no trusted contract): a row anyone can make.
      contract_address: Wallet.createRandom().address,
      chain_id: 137,
      chain_name: 'Polygon Mainnet',
      status: 'Active',
      category: 1,
      banner: banner.data!.id,
      feature_img: logo.data!.id,
      publishedAt: new Date().toISOString(),
    });

    await page.goto(appUrl('/home'));
    const hero = page.locator('.home-hero');
    await expect(hero.getByRole('img', { name: `${newest.attributes.name} banner` })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Hero Squatter banner' })).toHaveCount(0);
    await expect(hero.locator('img.home-hero-backdrop')).toHaveCount(1);
  });
});

test.describe('trust boundary', () => {
  let untrusted: string;
  test.beforeAll(async () => {
    untrusted = await deployUntrustedCollection();
  });

  test('a row re-pointed at an untrusted contract: no prompt, the message, the buyer’s USDT unchanged', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const jwt = await signInForCmsToken(page, wallet);
    const { nftId: genuineId } = await desertBloom(DESERT.repointedAndStalePrice);
    const genuine = (await (await fetch(`${stackInfo().cmsUrl}/api/nft-v1s/${genuineId}`)).json()) as {
      collection: { id: number };
    };
    // The attacker's collection and an NFT row in a genuine collection, then re-pointed at theirs.
    const collectionId = await cmsWriteAsUser(jwt, 'POST', '/api/collections', {
      name: 'Genuine Looking',
      contract_address: untrusted,
      chain_id: facts.d.chainId,
      chain_name: 'Anvil Local',
      status: 'Active',
      desc: 'Looks like the real thing',
      category: 1,
      publishedAt: new Date().toISOString(),
    });
    const nftId = await cmsWriteAsUser(jwt, 'POST', '/api/nft-v1s', {
      token_name: 'Bait #1',
      token_id: 1,
      price: 25,
      views: 0,
      likes: 0,
      description: 'A row of the attacker',
      token_standard: 'ERC721',
      collection: genuine.collection.id,
      nft_status: 1,
      publishedAt: new Date().toISOString(),
    });
    await cmsWriteAsUser(jwt, 'PUT', `/api/nft-v1s/${nftId}`, { collection: collectionId });

    const before = await facts.usdtOf(wallet.address);
    const sentBefore = sends(wallet);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bait #1' })).toBeVisible();
    await expect(page.getByText(UNTRUSTED_MESSAGE)).toBeVisible();
    await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
    await shoot(page, 'trust-untrusted-detail');
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(checkout(page).getByText(UNTRUSTED_MESSAGE)).toBeVisible();
    await expect(checkout(page).getByRole('button', { name: 'Mint', exact: true })).toBeDisabled();

    expect(sends(wallet)).toBe(sentBefore);
    expect(await facts.usdtOf(wallet.address)).toBe(before);
    expect(await facts.allowance(wallet.address, untrusted)).toBe(0n);
  });

  test('stale CMS price: the collection contract’s cost() is shown and paid', async ({ page, wallet }) => {
    const facts = chain();
    const token = await desertBloom(DESERT.repointedAndStalePrice);
    const jwt = await signInForCmsToken(page, wallet);
    // Any signed-in user may lower the price on record; the contract still asks its own cost.
    await cmsWriteAsUser(jwt, 'PUT', `/api/nft-v1s/${token.nftId}`, { price: 1 });
    const before = { buyer: await facts.usdtOf(wallet.address), collection: await facts.usdtOf(token.address) };

    await page.goto(appUrl(`/ItemDetail/${token.nftId}`));
    await expect(page.getByTestId('chain-price')).toHaveText('5.000 USDT');
    await expect(page.getByTestId('stale-price')).toContainText('The price on record (1.000 USDT) is out of date');
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(checkout(page).getByTestId('chain-price')).toHaveText('5.000 USDT');
    await checkout(page).getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(checkout(page).getByText(/Purchase complete\. .* is yours\./)).toBeVisible({ timeout: 30_000 });

    expect(await facts.usdtOf(wallet.address)).toBe(before.buyer - token.cost);
    expect(await facts.usdtOf(token.address)).toBe(before.collection + token.cost);
  });

  test('Unverified: a collection created through the CMS API is labelled and its bad links are not rendered', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const jwt = await signInForCmsToken(page, wallet);
    const collectionId = await cmsWriteAsUser(jwt, 'POST', '/api/collections', {
      name: 'Featured Impostor',
      contract_address: untrusted,
      chain_id: facts.d.chainId,
      chain_name: 'Anvil Local',
      status: 'Active',
      desc: 'Definitely verified',
      category: 1,
      twitter: 'javascript:alert(document.cookie)',
      website: 'http://phish.example/login',
      discord: 'https://discord.gg/impostor',
      detail_link: 'http://phish.example/more',
      publishedAt: new Date().toISOString(),
    });

    await page.goto(appUrl(`/colection/${collectionId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Featured Impostor' })).toBeVisible();
    await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Verified collection' })).toHaveCount(0);
    const discord = page.getByRole('link', { name: 'Discord: discord.gg' });
    await expect(discord).toHaveAttribute('href', 'https://discord.gg/impostor');
    await expect(discord).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.locator('a[href^="javascript:"], a[href^="http:"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Twitter|Website|Find out more/ })).toHaveCount(0);

    await page.goto(appUrl('/explore'));
    await expect(page.getByRole('link', { name: /^Featured Impostor/ }).getByText('Unverified')).toBeVisible();
  });

  test('Revoke: an allowance left by a flow is listed, revoked to 0 on chain, and the next flow asks again', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const token = await desertBloom(DESERT.revoke);
    await signInForCmsToken(page, wallet, `/ItemDetail/${token.nftId}`);
    // The buyer approves USDT to the collection, then declines the mint: the allowance stays.
    const handle = wallet.handle.bind(wallet);
    let armed = false;
    wallet.handle = async (method, params) => {
      const reply = await handle(method, params);
      if (method === 'eth_sendTransaction' && !armed) {
        armed = true;
        wallet.rejectNextRequest('eth_sendTransaction');
      }
      return reply;
    };
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await checkout(page).getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(checkout(page).getByText(/You declined the request in your wallet/)).toBeVisible({ timeout: 30_000 });
    wallet.handle = handle;
    expect(await facts.allowance(wallet.address, token.address)).toBe(token.cost);
    await checkout(page).getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
    await page.getByRole('link', { name: 'Permissions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: /may spend up to 5\.00 USDT/ });
    await expect(row).toBeVisible();
    await shoot(page, 'trust-permissions');
    await row.getByRole('button', { name: /^Revoke: / }).click();
    await expect(page.getByTestId('revoke-status').getByText(/^Revoked\./)).toBeVisible({ timeout: 30_000 });
    await expect(row).toHaveCount(0);
    expect(await facts.allowance(wallet.address, token.address)).toBe(0n);

    await page.goto(appUrl(`/ItemDetail/${token.nftId}`));
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await checkout(page).getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(checkout(page).getByText('1 of 2 — approve USDT')).toBeVisible({ timeout: 30_000 });
    await expect(checkout(page).getByText(/Purchase complete\. .* is yours\./)).toBeVisible({ timeout: 30_000 });
  });
});
