import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  Contract,
  JsonRpcProvider,
  Wallet,
  parseEther,
  type ContractTransactionResponse,
  type InterfaceAbi,
} from 'ethers';
import { SCREENSHOT_DIR, appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { desertBloomRow, signInForCmsToken } from './helpers/cms-user.ts';
import { cmsGet, collectionByAddress, mined, type StandardList } from './helpers/facts.ts';
import { openProfileAs } from './helpers/profile.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * Selling where the user looks, and many at once (issue 40.1–2), on the real stack: List and Change price on the
 * NFT page, bulk list and bulk release in the profile. Every fact is read back from the chain (the marketplace's
 * live items) and the CMS (the token's row), never from constants.
 *
 * Accounts and tokens: tests/e2e/helpers/accounts-and-tokens.ts — fresh random accounts mint their own
 * desert-bloom tokens (#50–#56).
 */

const T = reserved('selling.spec.ts').tokens['desert-bloom'];
const usdt = (whole: number) => BigInt(Math.round(whole * 1_000_000));

interface LiveItem {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
  price: bigint;
}

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const desert = d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom in the deployment');
  const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);

  /** The marketplace's live items of desert-bloom token `tokenId`. */
  const liveItems = async (tokenId: number): Promise<LiveItem[]> => {
    const items = (await market.getFunction('fetchMarketItems')()) as LiveItem[];
    return items.filter(
      (item) => item.tokenId === BigInt(tokenId) && item.nftContract.toLowerCase() === desert.address.toLowerCase(),
    );
  };

  /** A fresh account with gas and faucet USDT that mints its own desert-bloom tokens. */
  const seller = async () => {
    const signer = Wallet.createRandom(provider);
    await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
    const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      const receipt = await mined(provider, tx.hash);
      expect(receipt.status, `${method} mined`).toBe(1);
      return receipt;
    };
    await send(d.contracts.usdt, testUsdtAbi(), 'faucet');
    const cost = (await new Contract(desert.address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
    return {
      address: signer.address,
      privateKey: signer.privateKey,
      mint: async (tokenId: number) => {
        await send(d.contracts.usdt, testUsdtAbi(), 'approve', desert.address, cost);
        await send(desert.address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
      },
      approveAll: () => send(desert.address, NFT_COLLECTION_ABI, 'setApprovalForAll', d.contracts.marketplace, true),
      /** Lists `tokenId` at `price` USDT straight on chain (the marketplace approved for all); the new item id. */
      list: async (tokenId: number, price: number) => {
        const receipt = await send(
          d.contracts.marketplace,
          MARKETPLACE_ABI,
          'createMarketItem',
          desert.address,
          tokenId,
          usdt(price),
        );
        const created = receipt.logs
          .map((log) => market.interface.parseLog(log))
          .find((parsed) => parsed?.name === 'MarketItemCreated');
        if (!created) throw new Error('no MarketItemCreated');
        return created.args[0] as bigint;
      },
    };
  };
  return { d, provider, desert, market, liveItems, seller };
}

interface RowAttributes {
  price: string | number;
  item_id: number | string | null;
  owner: string | null;
  nft_status: { data: { id: number } | null } | null;
}

/** Every CMS row of desert-bloom token `tokenId`. */
async function cmsRows(tokenId: number) {
  const desert = deployment().collections.find((c) => c.key === 'desert-bloom')!;
  const collectionId = (await collectionByAddress(desert.address)).id;
  const list = await cmsGet<StandardList<RowAttributes>>(
    `/api/nft?filters[collection][id][$eq]=${collectionId}&filters[token_id][$eq]=${tokenId}&populate=nft_status`,
  );
  return list.data;
}

/** The token's one CMS row says listed by `seller` at `price` (base units) as item `itemId`. */
async function expectCmsListed(tokenId: number, seller: string, price: bigint, itemId: bigint) {
  await expect
    .poll(
      async () => {
        const rows = await cmsRows(tokenId);
        const row = rows[0]?.attributes;
        return {
          rows: rows.length,
          price: row ? usdt(Number(row.price)) : null,
          itemId: row?.item_id === null || row?.item_id === undefined ? null : BigInt(row.item_id),
          owner: row?.owner?.toLowerCase() ?? null,
          status: row?.nft_status?.data?.id ?? null,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ rows: 1, price, itemId, owner: seller.toLowerCase(), status: 2 });
}

/** Screenshots of the NFT page at both widths in both languages (artifacts/, looked at by hand). */
async function shootBothWays(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const language of ['it', 'en'] as const) {
    // The language menu is in the header's collapsing menu: chosen at full width.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page
      .getByRole('combobox', { name: /^(Language|Lingua)$/ })
      .selectOption({ label: language === 'en' ? 'English' : 'Italiano' });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `selling-${name}-${language}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Signs in as a fresh seller and opens the NFT page of its desert-bloom token `tokenId` (a CMS row made for it). */
async function openOwnNft(
  page: Page,
  wallet: TestWallet,
  privateKey: string,
  tokenId: number,
  fields: Record<string, unknown>,
) {
  wallet.useAccount(privateKey);
  const jwt = await signInForCmsToken(page, wallet);
  const nftId = await desertBloomRow(jwt, tokenId, {
    description: `Token #${tokenId}, minted for this test.`,
    ...fields,
  });
  await page.goto(appUrl(`/ItemDetail/${nftId}`));
  return nftId;
}

test.describe('selling: from the NFT page and many at once (issue 40.1–2)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('list from the detail page: the owner lists at a typed price, seeing the proceeds; chain and CMS agree', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    const owner = await c.seller();
    await owner.mint(T.detailList);
    await openOwnNft(page, wallet, owner.privateKey, T.detailList, { owner: owner.address });
    const name = `${c.desert.name} #${T.detailList}`;
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'List', exact: true })).toBeVisible({ timeout: 30_000 });
    await shootBothWays(page, 'owner');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Listing your NFT' });
    await dialog.getByPlaceholder('Enter list price...').fill('12.5');
    await expect(dialog.getByText('You receive')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'List NFT' }).click();
    await expect(dialog.getByText(`${name} is on sale.`)).toBeVisible({ timeout: 60_000 });

    const items = await c.liveItems(T.detailList);
    expect(items).toHaveLength(1);
    expect(items[0]!.seller.toLowerCase()).toBe(owner.address.toLowerCase());
    expect(items[0]!.price).toBe(usdt(12.5));
    await expectCmsListed(T.detailList, owner.address, usdt(12.5), items[0]!.itemId);

    await dialog.getByRole('button', { name: 'Done' }).click();
    // The seller now sees Change price and Release.
    await expect(page.getByRole('button', { name: 'Change price' })).toBeVisible({ timeout: 30_000 });
    // Its price as the marketplace holds it, not the CMS row's (0 until the listing's record lands).
    await expect(page.getByTestId('listing-price')).toHaveText('12.500 USDT');
    await shootBothWays(page, 'seller');
  });

  test('change price: one plan releases the old item and lists at the new price; chain and CMS show the new price', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    const owner = await c.seller();
    await owner.mint(T.changePrice);
    await owner.approveAll();
    const oldItem = await owner.list(T.changePrice, 20);
    await openOwnNft(page, wallet, owner.privateKey, T.changePrice, {
      owner: owner.address,
      price: '20',
      item_id: Number(oldItem),
      nft_status: 2,
    });
    await page.getByRole('button', { name: 'Change price' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Change price' });
    await dialog.getByPlaceholder('Enter list price...').fill('25');
    await dialog.getByRole('button', { name: 'Change price' }).click();
    // The steps are named up front: release, then list (approved for all: no approval step).
    await expect(dialog.getByText('1 of 2 — release')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('2 of 2 — list')).toBeVisible();
    await expect(dialog.getByText(`${c.desert.name} #${T.changePrice} is on sale.`)).toBeVisible({ timeout: 60_000 });

    const items = await c.liveItems(T.changePrice);
    expect(items).toHaveLength(1);
    expect(items[0]!.itemId).not.toBe(oldItem);
    expect(items[0]!.price).toBe(usdt(25));
    // The old item is released: no longer among the marketplace's live items.
    const live = (await c.market.getFunction('fetchMarketItems')()) as LiveItem[];
    expect(live.some((item) => item.itemId === oldItem)).toBe(false);
    await expectCmsListed(T.changePrice, owner.address, usdt(25), items[0]!.itemId);
  });

  test('bulk list: three NFTs selected in Collected are listed in one go at one price; three CMS rows', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    const owner = await c.seller();
    const ids = T.bulkList;
    for (const id of ids) await owner.mint(id);
    await owner.approveAll();
    await openProfileAs(page, wallet, owner.privateKey);
    for (const id of ids) {
      await page.getByRole('checkbox', { name: `Select ${c.desert.name} #${id}` }).check({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'List selected' }).click();
    const dialog = page.getByRole('dialog', { name: `List ${ids.length} NFTs` });
    await dialog.getByLabel('Price in USDT for each NFT').fill('7');
    await dialog.getByRole('button', { name: `List ${ids.length} NFTs` }).click();
    await expect(dialog.getByTestId('bulk-progress')).toHaveText(`${ids.length} of ${ids.length} done`, {
      timeout: 90_000,
    });
    for (const id of ids) {
      const items = await c.liveItems(id);
      expect(items).toHaveLength(1);
      expect(items[0]!.price).toBe(usdt(7));
      await expectCmsListed(id, owner.address, usdt(7), items[0]!.itemId);
    }
  });

  test('bulk release: two listings selected in On Sale are released in one go; back in the wallet', async ({
    page,
    wallet,
  }) => {
    const c = chain();
    const owner = await c.seller();
    const ids = T.bulkRelease;
    for (const id of ids) await owner.mint(id);
    await owner.approveAll();
    wallet.useAccount(owner.privateKey);
    const jwt = await signInForCmsToken(page, wallet);
    for (const id of ids) {
      const itemId = await owner.list(id, 9);
      await desertBloomRow(jwt, id, {
        description: `Token #${id}, minted for this test.`,
        owner: owner.address,
        price: '9',
        item_id: Number(itemId),
        nft_status: 2,
      });
    }
    // Signed in already (for the rows): straight to the profile.
    await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('tab', { name: 'On Sale' }).click();
    for (const id of ids) {
      await page.getByRole('checkbox', { name: `Select ${c.desert.name} #${id}` }).check({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'Release selected' }).click();
    const dialog = page.getByRole('dialog', { name: `Release ${ids.length} NFTs` });
    await dialog.getByRole('button', { name: `Release ${ids.length} NFTs` }).click();
    await expect(dialog.getByTestId('bulk-progress')).toHaveText(`${ids.length} of ${ids.length} done`, {
      timeout: 90_000,
    });
    const nft = new Contract(c.desert.address, NFT_COLLECTION_ABI, c.provider);
    for (const id of ids) {
      expect(await c.liveItems(id)).toHaveLength(0);
      expect(((await nft.getFunction('ownerOf')(id)) as string).toLowerCase()).toBe(owner.address.toLowerCase());
      await expect
        .poll(async () => (await cmsRows(id))[0]?.attributes.nft_status?.data?.id ?? null, { timeout: 30_000 })
        .toBe(3);
    }
  });
});
