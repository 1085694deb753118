import type { Page } from '@playwright/test';
import { Contract, JsonRpcProvider, type ContractTransactionResponse } from 'ethers';
import { appUrl, connectThroughModal, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { chainOwnerOf, cmsGet, collectionByAddress, getNft, mined, nftIdOf, short } from './helpers/facts.ts';
import { acceptRefusedConnections, bringUp, takeDown } from './helpers/outage.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * Mint and buy on the real stack: the checkout dialog drives the injected test wallet against
 * anvil, the bookkeeping lands in the local Strapi, and the tests read both back. The tokens are
 * from collections that no other spec touches (savanna-echoes, desert-bloom: not featured, so not
 * on the dashboard; not staking pools).
 */

const ERC20 = [
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
];

interface CmsTransaction {
  id: number;
  attributes: { from_address: string; to_address: string; price: string | number; desc: string };
}

function chainFacts() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const usdt = new Contract(d.contracts.usdt, ERC20, provider);
  return {
    d,
    provider,
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
  };
}

function token(collectionKey: string, tokenId: number) {
  const collection = deployment().collections.find((c) => c.key === collectionKey);
  const found = collection?.tokens.find((t) => t.tokenId === tokenId);
  if (!collection || !found) throw new Error(`no ${collectionKey} #${tokenId} in the deployment`);
  return { collection, token: found };
}

async function cmsIds(collectionKey: string, tokenId: number) {
  const { collection } = token(collectionKey, tokenId);
  const cms = await collectionByAddress(collection.address);
  return { collectionId: cms.id, nftId: await nftIdOf(cms.id, tokenId) };
}

const transactionsOf = async (nftId: number) =>
  (await cmsGet<{ data: CmsTransaction[] }>(`/api/transactions?filters[nft_v_1][id][$eq]=${nftId}&sort=id:asc`)).data;

async function signInOn(page: Page, wallet: TestWallet, path: string) {
  await page.goto(appUrl(path));
  await connectThroughModal(page);
  await expectSignedIn(page, wallet.address);
}

async function openCheckout(page: Page, button: 'Mint' | 'Buy Now') {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('checkout', () => {
  test('mint: approve + mint on chain, the record in the CMS, owner, Sold and history on screen', async ({
    page,
    wallet,
  }) => {
    const { collection } = token('savanna-echoes', 4);
    const { nftId } = await cmsIds('savanna-echoes', 4);
    const cost = BigInt(collection.cost);
    const facts = chainFacts();
    const before = { buyer: await facts.usdtOf(wallet.address), collection: await facts.usdtOf(collection.address) };
    const rowsBefore = await transactionsOf(nftId);

    await signInOn(page, wallet, `/ItemDetail/${nftId}`);
    const dialog = await openCheckout(page, 'Mint');
    await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(dialog.getByText(/Purchase complete/)).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('1 of 2 — approve USDT')).toBeVisible();
    await expect(dialog.getByText('2 of 2 — mint')).toBeVisible();

    expect(await chainOwnerOf(collection.address, 4)).toBe(wallet.address);
    expect(await facts.usdtOf(wallet.address)).toBe(before.buyer - cost);
    expect(await facts.usdtOf(collection.address)).toBe(before.collection + cost);

    const nft = await getNft(nftId);
    expect(nft.owner).toBe(wallet.address);
    expect(nft.nft_status?.id).toBe(3);
    const rows = await transactionsOf(nftId);
    expect(rows).toHaveLength(rowsBefore.length + 1);
    expect(rows.at(-1)?.attributes).toMatchObject({
      from_address: '0x0000000000000000000000000000000000000000',
      to_address: wallet.address,
      desc: 'Mint',
    });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.locator('.nft-detail-owner')).toContainText(short(wallet.address));
    await expect(page.locator('.nft-detail-status')).toContainText('Sold');
    await expect(page.getByRole('button', { name: 'Mint', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Price History' }).getByRole('cell', { name: 'Mint' })).toBeVisible();
    facts.provider.destroy();
  });

  test('buy: the price splits into fee, royalty and seller to the unit; a second account sees it as not for sale', async ({
    page,
    wallet,
  }) => {
    const { collection, token: listed } = token('savanna-echoes', 1);
    const { nftId } = await cmsIds('savanna-echoes', 1);
    const facts = chainFacts();
    const price = BigInt(listed.price);
    const seller = listed.owner!;
    // contracts.md §9.1: royalty first, then the 5 % fee on what is left
    const royalty = (price * BigInt(collection.royaltyBps)) / 10_000n;
    const fee = ((price - royalty) * 500n) / 10_000n;
    const royaltyReceiver = facts.d.deployer;
    const parties = [wallet.address, seller, facts.d.feeCollector, royaltyReceiver];
    const before = await Promise.all(parties.map(facts.usdtOf));

    await signInOn(page, wallet, `/ItemDetail/${nftId}`);
    const dialog = await openCheckout(page, 'Buy Now');
    await expect(dialog.getByText('5% Sale fee is included in this price.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expect(dialog.getByText(/Purchase complete/)).toBeVisible({ timeout: 30_000 });

    const after = await Promise.all(parties.map(facts.usdtOf));
    expect(after[0]! - before[0]!).toBe(-price);
    expect(after[1]! - before[1]!).toBe(price - fee - royalty);
    expect(after[2]! - before[2]!).toBe(fee);
    expect(after[3]! - before[3]!).toBe(royalty);
    expect(await chainOwnerOf(collection.address, 1)).toBe(wallet.address);

    const nft = await getNft(nftId);
    expect(nft).toMatchObject({ owner: wallet.address, nft_status: { id: 3 } });
    const rows = (await transactionsOf(nftId)).filter((row) => row.attributes.desc === 'Buy');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attributes).toMatchObject({ from_address: seller, to_address: wallet.address });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.locator('.nft-detail-status')).toContainText('Sold');

    // Another account now finds the NFT owned by the buyer and nothing to buy.
    const other = facts.d.accounts[3]!;
    wallet.useAccount(other.privateKey);
    await page.evaluate((address) => {
      (
        window as unknown as { __terraMaterTestProvider: { emit: (e: string, a: unknown) => void } }
      ).__terraMaterTestProvider.emit('accountsChanged', [address]);
    }, other.address);
    await expectSignedIn(page, other.address);
    await page.reload();
    await expect(page.locator('.nft-detail-owner')).toContainText(short(parties[0]!));
    await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toHaveCount(0);
    facts.provider.destroy();
  });

  test('CMS unreachable after the chain confirmed: the record waits, and is written once when the CMS is back', async ({
    page,
    wallet,
    consoleErrors,
  }) => {
    const { collection } = token('savanna-echoes', 5);
    const { nftId } = await cmsIds('savanna-echoes', 5);
    const rowsBefore = (await transactionsOf(nftId)).length;
    const { cmsUrl } = stackInfo();

    await signInOn(page, wallet, `/ItemDetail/${nftId}`);
    const dialog = await openCheckout(page, 'Mint');
    await takeDown(page, cmsUrl);
    await dialog.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(dialog.getByText(/Purchase confirmed. The record could not be saved yet/)).toBeVisible({
      timeout: 30_000,
    });
    expect(await chainOwnerOf(collection.address, 5)).toBe(wallet.address);
    expect(await transactionsOf(nftId)).toHaveLength(rowsBefore);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: /Transactions in progress: 1/ })).toBeVisible();

    await bringUp(page, cmsUrl);
    await page.reload();
    await expect.poll(async () => (await transactionsOf(nftId)).length, { timeout: 30_000 }).toBe(rowsBefore + 1);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0, { timeout: 15_000 });
    const nft = await getNft(nftId);
    expect(nft).toMatchObject({ owner: wallet.address, nft_status: { id: 3 } });
    // Written exactly once, also after more time for any late retry.
    await page.waitForTimeout(3000);
    expect(await transactionsOf(nftId)).toHaveLength(rowsBefore + 1);
    acceptRefusedConnections(consoleErrors);
  });

  test('a reload while the buy is pending: after the reload the purchase completes and is recorded once', async ({
    page,
    wallet,
  }) => {
    const { collection, token: listed } = token('desert-bloom', 2);
    const { nftId } = await cmsIds('desert-bloom', 2);
    const facts = chainFacts();
    // Allowance in place, so the buy is one transaction, held in the mempool while the page reloads.
    const usdt = new Contract(facts.d.contracts.usdt, ERC20, wallet.wallet);
    const approval = (await usdt.getFunction('approve')(
      facts.d.contracts.marketplace,
      BigInt(listed.price),
    )) as ContractTransactionResponse;
    await mined(facts.provider, approval.hash);

    await signInOn(page, wallet, `/ItemDetail/${nftId}`);
    const dialog = await openCheckout(page, 'Buy Now');
    await facts.provider.send('evm_setAutomine', [false]);
    try {
      await dialog.getByRole('button', { name: 'Buy Now', exact: true }).click();
      await expect(dialog.getByText('Pending on chain')).toBeVisible({ timeout: 30_000 });
      await page.reload();
      await expect(page.getByRole('button', { name: /Transactions in progress: 1/ })).toBeVisible();
    } finally {
      await facts.provider.send('evm_setAutomine', [true]);
      await facts.provider.send('evm_mine', []);
    }
    await expect.poll(() => chainOwnerOf(collection.address, 2), { timeout: 15_000 }).toBe(wallet.address);
    await expect
      .poll(async () => (await transactionsOf(nftId)).filter((row) => row.attributes.desc === 'Buy').length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect(page.getByRole('button', { name: /Transactions in progress/ })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.nft-detail-owner')).toContainText(short(wallet.address));
    expect(await getNft(nftId)).toMatchObject({ owner: wallet.address, nft_status: { id: 3 } });
    facts.provider.destroy();
  });
});
