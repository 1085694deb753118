import type { Locator, Page } from '@playwright/test';
import { Contract, JsonRpcProvider, Wallet, type ContractTransactionResponse, type InterfaceAbi } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, MARKETPLACE_ABI, NFT_COLLECTION_ABI } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { chainOwnerOf, cmsGet, collectionByAddress, getNft, mined, nftIdOf } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * The profile on the real stack: the keyless on-chain indexer reads anvil, the listing and the
 * release run through the injected test wallet, the records land in the local Strapi. Reserved
 * for this spec: account #2 (seller, the default wallet) with savanna-echoes #24 and
 * coral-guardians #39, minted here (no marketplace item has those token ids, so the listing is safe:
 * deployed-system.md §C9.1, §C9.1a), and account #4 (buyer). Balances and rows are read before and after.
 */

const RESERVED = reserved('profile.spec.ts');
const SAVANNA = RESERVED.tokens['savanna-echoes'].listAndSell;
const CORAL = RESERVED.tokens['coral-guardians'].listAndRelease;
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const usdt = new Contract(d.contracts.usdt, ERC20_ABI, provider);
  const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);
  return {
    d,
    provider,
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
    /** The default wallet (account #2) mints `tokenId` of `contract` at its cost. */
    mint: async (contract: string, tokenId: number) => {
      const signer = new Wallet(d.accounts[RESERVED.accounts.seller.index]!.privateKey, provider);
      const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
        const tx = (await new Contract(address, abi, signer).getFunction(method)(
          ...args,
        )) as ContractTransactionResponse;
        expect((await mined(provider, tx.hash)).status, `${method} mined`).toBe(1);
      };
      const cost = (await new Contract(contract, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
      await send(d.contracts.usdt, ERC20_ABI, 'approve', contract, cost);
      await send(contract, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
    },
    /** The open marketplace item of a token, if any. */
    openItem: async (contract: string, tokenId: number) => {
      const items = (await market.getFunction('fetchMarketItems')()) as {
        itemId: bigint;
        nftContract: string;
        tokenId: bigint;
        price: bigint;
      }[];
      return (
        items.find(
          (item) => item.nftContract.toLowerCase() === contract.toLowerCase() && item.tokenId === BigInt(tokenId),
        ) ?? null
      );
    },
  };
}

function collection(key: string) {
  const found = deployment().collections.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key} in the deployment`);
  return found;
}

async function openProfile(page: Page, wallet: TestWallet) {
  await page.goto(appUrl('/home'));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

async function list(page: Page, name: string, price: string): Promise<Locator> {
  await page.getByRole('button', { name: `List Now: ${name}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Listing your NFT' });
  await dialog.getByPlaceholder('Enter list price...').fill(price);
  await dialog.getByRole('button', { name: 'List NFT' }).click();
  await expect(dialog.getByText(`${name} is on sale.`)).toBeVisible({ timeout: 45_000 });
  return dialog;
}

/** The card of `name` on a collection page, and its Buy / View label. */
async function collectionCardLabel(page: Page, collectionId: number, name: string) {
  await page.goto(appUrl(`/colection/${collectionId}`));
  const card = page
    .locator('article.nft-card')
    .filter({ has: page.locator('h3', { hasText: new RegExp(`^${name.replace('#', '\\#')}$`) }) });
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card.locator('.nft-card-action');
}

test.describe('profile', () => {
  // Listing, buying and releasing wait for several blocks and CMS writes each.
  test.describe.configure({ timeout: 180_000 });

  test('list savanna-echoes #24: On Sale, Buy on the collection page; account #4 buys it and the seller gets price − fee − royalty', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const savanna = collection('savanna-echoes');
    const cms = await collectionByAddress(savanna.address);
    const name = `${savanna.name} #${SAVANNA}`;
    await facts.mint(savanna.address, SAVANNA);
    expect(await chainOwnerOf(savanna.address, SAVANNA)).toBe(wallet.address);

    await openProfile(page, wallet);
    const dialog = await list(page, name, '15.5');
    await expect(dialog.getByText('2 of 2 — list')).toBeVisible();
    const item = await facts.openItem(savanna.address, SAVANNA);
    expect(item?.price).toBe(15_500_000n);
    // The listing's bookkeeping creates the row of this new token.
    await expect.poll(() => nftIdOf(cms.id, SAVANNA).catch(() => 0)).not.toBe(0);
    const nftId = await nftIdOf(cms.id, SAVANNA);
    await expect
      .poll(async () => {
        const nft = await getNft(nftId);
        return {
          status: nft.nft_status?.id,
          itemId: (nft as typeof nft & { item_id?: number | null }).item_id,
          owner: nft.owner,
          price: Number(nft.price),
        };
      })
      .toEqual({ status: 2, itemId: Number(item?.itemId), owner: wallet.address, price: 15.5 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'On Sale' }).click();
    await expect(page.getByRole('list', { name: 'Your NFTs on sale' }).getByRole('heading', { name })).toBeVisible();

    // Savanna Echoes is a music collection: its cards are the audio variant, without a Buy / View
    // label. It is listed under the collection's Buy Now filter, and its page offers Buy Now.
    await collectionCardLabel(page, cms.id, name);
    await page.getByRole('checkbox', { name: 'Buy Now' }).check();
    await expect(page.locator('article.nft-card h3', { hasText: name })).toBeVisible();

    // Account #4 buys it through the checkout.
    const buyer = facts.d.accounts[RESERVED.accounts.buyer.index]!;
    const price = item!.price;
    // deployed-system.md §C9.1: royalty first, then the 5 % fee on what is left
    const royalty = (price * BigInt(savanna.royaltyBps)) / 10_000n;
    const fee = ((price - royalty) * 500n) / 10_000n;
    const seller = wallet.address;
    const sellerBefore = await facts.usdtOf(seller);
    const buyerBefore = await facts.usdtOf(buyer.address);
    wallet.useAccount(buyer.privateKey);
    await page.evaluate((address) => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('accountsChanged', [address]);
    }, buyer.address);
    await expectSignedIn(page, buyer.address);
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expect(checkout.getByText(/Purchase complete/)).toBeVisible({ timeout: 45_000 });

    expect(await facts.usdtOf(seller)).toBe(sellerBefore + price - fee - royalty);
    expect(await facts.usdtOf(buyer.address)).toBe(buyerBefore - price);
    expect(await chainOwnerOf(savanna.address, SAVANNA)).toBe(buyer.address);
    facts.provider.destroy();
  });

  test('list coral-guardians #39, then release it: back in the wallet, status 3, no longer Buy anywhere', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const coral = collection('coral-guardians');
    const cms = await collectionByAddress(coral.address);
    const name = `${coral.name} #${CORAL}`;
    await facts.mint(coral.address, CORAL);

    await openProfile(page, wallet);
    const dialog = await list(page, name, '9');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await facts.openItem(coral.address, CORAL)).not.toBeNull();
    await expect.poll(() => nftIdOf(cms.id, CORAL).catch(() => 0)).not.toBe(0);
    const nftId = await nftIdOf(cms.id, CORAL);

    await page.getByRole('tab', { name: 'On Sale' }).click();
    await page.getByRole('button', { name: `Release from Sale: ${name}` }).click();
    const release = page.getByRole('dialog', { name: 'Release from Sale' });
    await release.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(release.getByText(`${name} is back in your wallet.`)).toBeVisible({ timeout: 45_000 });
    await release.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Your NFTs on sale' }).getByRole('heading', { name })).toHaveCount(0);

    expect(await chainOwnerOf(coral.address, CORAL)).toBe(wallet.address);
    expect(await facts.openItem(coral.address, CORAL)).toBeNull();
    await expect.poll(async () => (await getNft(nftId)).nft_status?.id).toBe(3);
    await expect(await collectionCardLabel(page, cms.id, name)).toHaveText('View');
    await page.goto(appUrl(`/ItemDetail/${nftId}`));
    await expect(page.getByRole('heading', { name }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toHaveCount(0);
    facts.provider.destroy();
  });

  test('avatar: upload, then replace (one file left, the new image shown); a wrong file type is refused and nothing is sent', async ({
    page,
    wallet,
  }) => {
    await openProfile(page, wallet);
    const { userId, jwt } = await page.evaluate(() => ({
      userId: (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { id: number }).id,
      jwt: localStorage.getItem('jwtToken') ?? '',
    }));
    // The lookup by user needs a role that may find users: the user's own (deployed-system.md §B7.2).
    const avatarRow = async () =>
      (
        await cmsGet<{
          data: { id: number; attributes: { avatar: { data: { id: number; attributes: { url: string } } | null } } }[];
        }>(`/api/user-avatars?filters[users_permissions_user][id][$eq]=${userId}&populate=*`, jwt)
      ).data;
    const image = page.getByRole('img', { name: 'Your profile image' });
    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      await page.getByRole('button', { name: 'Change your profile image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Image' });
      await dialog.getByLabel('Upload image').setInputFiles(file);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      return dialog;
    };

    let dialog = await upload({ name: 'first.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(image).toHaveAttribute('src', /first.*\.png$/);
    const first = (await image.getAttribute('src'))!;

    dialog = await upload({ name: 'second.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(image).toHaveAttribute('src', /second.*\.png$/);
    const second = (await image.getAttribute('src'))!;
    const rows = await avatarRow();
    expect(rows).toHaveLength(1);
    expect(second.endsWith(rows[0]!.attributes.avatar.data!.attributes.url)).toBe(true);
    // The first file is gone from the CMS: one file left.
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/api\/(upload|user-avatars)/.test(request.url())) sent.push(request.url());
    });
    dialog = await upload({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByText('This file is not a jpg, jpeg, gif or png image.')).toBeVisible();
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect((await avatarRow())[0]!.attributes.avatar.data!.attributes.url).toBe(
      rows[0]!.attributes.avatar.data!.attributes.url,
    );
  });
});
