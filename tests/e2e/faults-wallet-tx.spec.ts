import type { Locator, Page } from '@playwright/test';
import {
  Contract,
  JsonRpcProvider,
  Wallet,
  parseEther,
  type ContractTransactionResponse,
  type InterfaceAbi,
} from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { cmsGet, collectionByAddress, mined, type StandardList } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * On the real stack (deployed-system.md §C5.0): a pending transaction is followed by its sender and
 * nonce (sped up, cancelled in the wallet), and one that is not mined can be left to the
 * background. Each test lists a desert-bloom token it mints first (reserved for this spec:
 * #73, #74, #75) with an account of its own (a fresh key funded through anvil), so no other spec's
 * accounts, tokens or nonces are touched.
 * The listing is pre-approved, so the app sends one transaction: createMarketItem.
 *
 * While a test holds a transaction in the pool, anvil's automine is OFF; it is switched back on
 * in a `finally`, because every spec shares this chain.
 */

const TOKENS = reserved('faults-wallet-tx.spec.ts').tokens['desert-bloom'];

interface Seller {
  key: string;
  tokenId: number;
  name: string;
  collection: { address: string; cmsId: number };
}

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const desert = d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom collection in the deployment');
  return { d, provider, desert };
}

/** A fresh account that owns a freshly minted desert-bloom token, the marketplace already approved. */
async function newSeller(tokenId: number): Promise<Seller> {
  const { d, provider, desert } = chain();
  const signer = Wallet.createRandom(provider);
  await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
  const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
    const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
    expect((await mined(provider, tx.hash)).status, `${method} mined`).toBe(1);
  };
  const cost = (await new Contract(desert.address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
  await send(d.contracts.usdt, testUsdtAbi(), 'faucet');
  await send(d.contracts.usdt, testUsdtAbi(), 'approve', desert.address, cost);
  await send(desert.address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
  await send(desert.address, NFT_COLLECTION_ABI, 'setApprovalForAll', d.contracts.marketplace, true);
  const cms = await collectionByAddress(desert.address);
  provider.destroy();
  return {
    key: signer.privateKey,
    tokenId,
    name: `${desert.name} #${tokenId}`,
    collection: { address: desert.address, cmsId: cms.id },
  };
}

/** Signs the seller in and opens the listing dialog of its token, the price typed in. */
async function openListing(page: Page, wallet: TestWallet, seller: Seller): Promise<Locator> {
  wallet.useAccount(seller.key);
  await page.goto(appUrl('/home'));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
  await page.getByRole('button', { name: 'My Wallet', exact: true }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('button', { name: `List Now: ${seller.name}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Listing your NFT' });
  await dialog.getByPlaceholder('Enter list price...').fill('12');
  return dialog;
}

/** Runs `work` with anvil mining only when told (evm_mine); automine is back on afterwards, whatever happened. */
async function withAutomineOff(work: (mine: () => Promise<void>) => Promise<void>): Promise<void> {
  const { provider } = chain();
  await provider.send('anvil_setAutomine', [false]);
  try {
    await work(async () => {
      await provider.send('evm_mine', []);
    });
  } finally {
    await provider.send('anvil_setAutomine', [true]);
    provider.destroy();
  }
}

/** The listing transaction the page had the wallet send, once the node's pool holds it. */
async function sentListing(wallet: TestWallet): Promise<string> {
  await expect.poll(() => wallet.sentHashes.length, { timeout: 30_000 }).toBe(1);
  return wallet.sentHashes[0]!;
}

/** The seller's token on the marketplace (undefined: not listed). */
async function marketItemOf(seller: Seller) {
  const { d, provider } = chain();
  const items = (await new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider).getFunction(
    'fetchMarketItems',
  )()) as { itemId: bigint; nftContract: string; tokenId: bigint }[];
  provider.destroy();
  return items.find(
    (item) =>
      item.nftContract.toLowerCase() === seller.collection.address.toLowerCase() &&
      item.tokenId === BigInt(seller.tokenId),
  );
}

/** The CMS NFT rows of the seller's token (the listing's record). */
const cmsRowsOf = async (seller: Seller) =>
  (
    await cmsGet<StandardList<{ item_id: number | string | null }>>(
      `/api/nft?filters[collection][id][$eq]=${seller.collection.cmsId}&filters[token_id][$eq]=${seller.tokenId}`,
    )
  ).data;

/** The list the header's "Transactions in progress" control opens. */
const transactionsList = (page: Page) => page.getByRole('region', { name: 'Transactions' });

const storedList = (page: Page, key: string) =>
  page.evaluate((storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown[], key);

const receiptOf = async (hash: string) => {
  const { provider } = chain();
  const receipt = await provider.getTransactionReceipt(hash);
  provider.destroy();
  return receipt;
};

test.describe('faults: replaced by nonce, keep waiting', () => {
  // Minting first, then a transaction held in the pool (30 s for "keep waiting"), then the record.
  test.describe.configure({ timeout: 180_000 });

  test('a listing sped up after a reload: the replacement is followed and its record is written once, for the winning hash', async ({
    page,
    wallet,
  }) => {
    const seller = await newSeller(TOKENS.spedUp);
    const dialog = await openListing(page, wallet, seller);
    let first = '';
    let replacement = '';
    await withAutomineOff(async (mine) => {
      await dialog.getByRole('button', { name: 'List NFT', exact: true }).click();
      first = await sentListing(wallet);
      await expect(dialog.getByText('Pending on chain')).toBeVisible();

      await page.reload();
      replacement = await wallet.replacePending(first, 'speed-up');
      await mine();
      expect((await receiptOf(replacement))?.status).toBe(1);
      expect(await receiptOf(first)).toBeNull();

      await page.getByRole('button', { name: /Transactions in progress/ }).click();
      await expect(
        transactionsList(page).getByText('Replaced (sped up in the wallet) — confirmed', { exact: true }),
      ).toBeVisible({ timeout: 30_000 });
    });

    const item = await marketItemOf(seller);
    expect(item, 'listed on chain by the replacement').toBeDefined();
    await expect.poll(async () => (await cmsRowsOf(seller)).length, { timeout: 30_000 }).toBe(1);
    const rows = await cmsRowsOf(seller);
    expect(Number(rows[0]!.attributes.item_id)).toBe(Number(item!.itemId));
    await expect.poll(() => storedList(page, 'terra-mater:outbox')).toEqual([]);
    const written = await storedList(page, 'terra-mater:outbox-done');
    expect(written).toContain(`${replacement.toLowerCase()}:listing`);
    expect(written).not.toContain(`${first.toLowerCase()}:listing`);
    expect(await storedList(page, 'terra-mater:pending-transactions')).toEqual([
      expect.objectContaining({ hash: first, status: 'replaced', replacedBy: replacement }),
    ]);
  });

  test('a listing cancelled in the wallet: the dialog says so, nothing is listed and no record is written', async ({
    page,
    wallet,
  }) => {
    const seller = await newSeller(TOKENS.cancelled);
    const dialog = await openListing(page, wallet, seller);
    await withAutomineOff(async (mine) => {
      await dialog.getByRole('button', { name: 'List NFT', exact: true }).click();
      const first = await sentListing(wallet);
      await expect(dialog.getByText('Pending on chain')).toBeVisible();

      const cancel = await wallet.replacePending(first, 'cancel');
      await mine();
      expect((await receiptOf(cancel))?.status).toBe(1);

      await expect(dialog.getByText(/^Cancelled in the wallet: a cancellation took/)).toBeVisible({ timeout: 30_000 });
      await expect(dialog.getByText('Cancelled in the wallet', { exact: true })).toBeVisible();
    });
    await expect(page.getByRole('dialog', { name: 'Listing your NFT' })).toBeVisible();
    expect(await marketItemOf(seller)).toBeUndefined();
    expect(await cmsRowsOf(seller)).toEqual([]);
    expect(await storedList(page, 'terra-mater:outbox')).toEqual([]);
    expect(await storedList(page, 'terra-mater:pending-transactions')).toEqual([]);
  });

  test('a listing not mined for a while: keep waiting in the background closes the dialog, the indicator keeps it and the record follows the block', async ({
    page,
    wallet,
  }) => {
    const seller = await newSeller(TOKENS.notMined);
    const dialog = await openListing(page, wallet, seller);
    let hash = '';
    await withAutomineOff(async (mine) => {
      await dialog.getByRole('button', { name: 'List NFT', exact: true }).click();
      hash = await sentListing(wallet);
      // The dialog cannot be closed while the transaction is pending…
      await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
      // …until it has waited long enough (30 s) to offer the background.
      await dialog.getByRole('button', { name: 'Keep waiting in the background' }).click({ timeout: 60_000 });
      await expect(page.getByRole('dialog')).toBeHidden();

      const indicator = page.getByRole('button', { name: 'Transactions in progress: 1' });
      await expect(indicator).toBeVisible();
      await indicator.click();
      await expect(transactionsList(page).getByText('Waiting for the blockchain', { exact: true })).toBeVisible();
      expect(await storedList(page, 'terra-mater:pending-transactions')).toEqual([
        expect.objectContaining({ hash, status: 'pending', nonce: expect.any(Number) }),
      ]);

      await mine();
      expect((await receiptOf(hash))?.status).toBe(1);
    });

    await expect.poll(async () => (await cmsRowsOf(seller)).length, { timeout: 30_000 }).toBe(1);
    const item = await marketItemOf(seller);
    expect(Number((await cmsRowsOf(seller))[0]!.attributes.item_id)).toBe(Number(item!.itemId));
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toBeHidden({ timeout: 30_000 });
    expect(await storedList(page, 'terra-mater:outbox-done')).toContain(`${hash.toLowerCase()}:listing`);
  });
});
