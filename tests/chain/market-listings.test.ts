/**
 * The listings read and the listing safety check against the reference marketplace on a fresh anvil (deployed
 * and seeded by the local stack's deploy script): after a real double sale fetchMarketItems() reverts with
 * Panic(0x32), and the app's reads — through both the call runner and the provider — still find the live
 * listings from the real MarketItemCreated logs, and the same-token-id items from fetchItemsCreated.
 */
import { Contract, Wallet, type ContractTransactionResponse, type InterfaceAbi, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, type Deployment } from '../../contracts/deploy/deploy.ts';
import { compileContracts, getArtifact } from '../../contracts/scripts/compile.ts';
import type { Address } from '@/config/env';
import { createCallRunner } from '@/lib/chain/call-runner';
import { MARKETPLACE_ABI, fetchMarketItems } from '@/lib/chain/contracts/marketplace';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { listingExposure, readLiveMarketItems, readSameTokenItems } from '@/lib/chain/market-listings';
import { createReadProvider } from '@/lib/chain/provider';

/** The test USDT with its faucet, which the app never calls: the compiled contract's ABI (set in beforeAll). */
let USDT_ABI: InterfaceAbi;
const NFT_ABI = NFT_COLLECTION_ABI;
const MARKET_ABI = MARKETPLACE_ABI;

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let d: Deployment;
let marketplace: Address;

const collection = (key: string) => d.collections.find((c) => c.key === key)!.address as Address;
const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

async function send(index: number, to: string, abi: InterfaceAbi, method: string, ...args: unknown[]) {
  const signer = new Wallet(d.accounts[index]!.privateKey, provider);
  const tx = (await new Contract(to, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
  const receipt = await tx.wait();
  expect(receipt?.status).toBe(1);
}

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 });
  d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
  USDT_ABI = getArtifact(await compileContracts({ quiet: true }), 'TestUSDT').abi;
  provider = createReadProvider(anvil.url, d.chainId, { pollingInterval: 20 });
  marketplace = d.contracts.marketplace as Address;
  for (const index of [5, 6, 7]) {
    await send(index, d.contracts.usdt, USDT_ABI, 'faucet');
    await send(index, d.contracts.usdt, USDT_ABI, 'approve', marketplace, usdt(1000));
  }
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

describe('the reference marketplace after a double sale', () => {
  it('fetchMarketItems reverts; the listings read finds the live items from the logs, through the call runner and the provider', async () => {
    const desert = collection('desert-bloom');
    const live = await fetchMarketItems(provider, marketplace);
    expect(live.length).toBeGreaterThan(0);

    // Account 5 mints desert #60 and lists it at 10; 6 buys it and relists it at 90; 7 buys item "first" again.
    const cost = (await new Contract(desert, NFT_ABI, provider).getFunction('cost')()) as bigint;
    await send(5, d.contracts.usdt, USDT_ABI, 'approve', desert, cost);
    await send(5, desert, NFT_ABI, 'mint', 60, cost);
    for (const index of [5, 6]) await send(index, desert, NFT_ABI, 'setApprovalForAll', marketplace, true);
    await send(5, marketplace, MARKET_ABI, 'createMarketItem', desert, 60, usdt(10));
    const first = (await fetchMarketItems(provider, marketplace)).find((item) => item.tokenId === 60n)!.itemId;
    await send(6, marketplace, MARKET_ABI, 'createMarketSale', desert, first, usdt(10));
    await send(6, marketplace, MARKET_ABI, 'createMarketItem', desert, 60, usdt(90));
    await send(7, marketplace, MARKET_ABI, 'createMarketSale', desert, first, usdt(10));

    await expect(fetchMarketItems(provider, marketplace)).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    const options = { startBlock: d.marketplaceStartBlock, maxRange: 7 };
    const viaProvider = await readLiveMarketItems(provider, marketplace, { ...options, logs: provider });
    const viaCallRunner = await readLiveMarketItems(createCallRunner(anvil.url), marketplace, {
      ...options,
      logs: provider,
    });
    // The seeded live listings are all still there, and the relisting emptied by the double sale is not.
    const key = (item: { itemId: bigint; nftContract: string; tokenId: bigint; price: bigint; seller: string }) =>
      `${item.itemId}:${item.nftContract.toLowerCase()}:${item.tokenId}:${item.price}:${item.seller.toLowerCase()}`;
    expect(viaProvider.map(key)).toEqual(live.map(key));
    expect(viaCallRunner.map(key)).toEqual(live.map(key));
    expect(viaProvider.some((item) => item.tokenId === 60n)).toBe(false);
  });

  it('the same-token-id items come from fetchItemsCreated per seller: sold ones count, released ones do not', async () => {
    // Token id 1: amazon-canopy #1 (account 3, live at 55), savanna-echoes #1 (account 1, live at 12.5),
    // coral-guardians #1 (account 2, released: deleted).
    const items = await readSameTokenItems(provider, marketplace, 1n, {
      startBlock: d.marketplaceStartBlock,
      logs: provider,
    });
    const byContract = items.map((item) => [item.nftContract.toLowerCase(), item.price]).sort();
    expect(byContract).toEqual(
      [
        [collection('amazon-canopy').toLowerCase(), usdt(55)],
        [collection('savanna-echoes').toLowerCase(), 12_500_000n],
      ].sort(),
    );
    // Account 2 listing its own token with id 1 would hand it to whoever pays 12.5 USDT to account 1.
    expect(listingExposure(items, { seller: d.accounts[2]!.address as Address, price: usdt(100) })).toEqual({
      price: 12_500_000n,
      otherSeller: true,
    });
    // Desert #60's sold item (account 5) and the emptied relisting (account 6) both still exist.
    const sixty = await readSameTokenItems(provider, marketplace, 60n, {
      startBlock: d.marketplaceStartBlock,
      logs: provider,
    });
    expect(sixty.map((item) => [item.seller, item.sold])).toEqual([
      [d.accounts[5]!.address, true],
      [d.accounts[6]!.address, false],
    ]);
  });
});
