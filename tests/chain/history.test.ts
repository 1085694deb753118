/**
 * Chain history against the reference contracts on a fresh anvil (deployed and seeded by the local stack's deploy
 * script), through the app's node reads (lib/chain/node-reads.ts, the call runner's transport): the eth_getCode search finds the marketplace's real deployment block,
 * and a token's mint, listing, sale (price paid and royalty from the sale's own logs), relisting and release are
 * classified from the real Transfer and MarketItemCreated logs, read in small ranges.
 */
import { Contract, Wallet, type ContractTransactionResponse, type InterfaceAbi, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, type Deployment } from '../../contracts/deploy/deploy.ts';
import { compileContracts, getArtifact } from '../../contracts/scripts/compile.ts';
import type { Address } from '@/config/env';
import { MARKETPLACE_ABI, fetchMarketItems } from '@/lib/chain/contracts/marketplace';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { memoryHistoryStore } from '@/lib/chain/history/history-store';
import { createHistoryReader, findDeploymentBlock } from '@/lib/chain/history/log-reader';
import { currentHolders, readCollectionHistory, readPaidPrices, tokenKey } from '@/lib/chain/history/nft-history';
import { createNodeReads } from '@/lib/chain/node-reads';
import { createReadProvider } from '@/lib/chain/provider';
import { createNodePool } from '@/lib/chain/rpc-nodes';

let USDT_ABI: InterfaceAbi;
let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let d: Deployment;

const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
const account = (index: number) => d.accounts[index]!.address as Address;

async function send(index: number, to: string, abi: InterfaceAbi, method: string, ...args: unknown[]) {
  const signer = new Wallet(d.accounts[index]!.privateKey, provider);
  const tx = (await new Contract(to, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
  expect((await tx.wait())?.status).toBe(1);
}

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 });
  d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
  USDT_ABI = getArtifact(await compileContracts({ quiet: true }), 'TestUSDT').abi;
  provider = createReadProvider(anvil.url, d.chainId, { pollingInterval: 20 });
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

describe('chain history on the reference contracts', () => {
  it('finds the marketplace deployment block by eth_getCode: no code one block before, code from it on', async () => {
    const marketplace = d.contracts.marketplace;
    const block = await findDeploymentBlock(
      createNodeReads(createNodePool([anvil.url])),
      marketplace,
      await provider.getBlockNumber(),
    );
    expect(block).toBeGreaterThan(d.marketplaceStartBlock);
    expect(await provider.getCode(marketplace, block - 1)).toBe('0x');
    expect(await provider.getCode(marketplace, block)).not.toBe('0x');
  });

  it('classifies mint, listing, sale (price paid, royalty), relisting and release of one token from its logs', async () => {
    const desert = d.collections.find((c) => c.key === 'desert-bloom')!.address as Address;
    const marketplace = d.contracts.marketplace as Address;
    const nft = NFT_COLLECTION_ABI;
    const cost = (await new Contract(desert, nft, provider).getFunction('cost')()) as bigint;
    for (const index of [5, 6]) {
      await send(index, d.contracts.usdt, USDT_ABI, 'faucet');
      await send(index, d.contracts.usdt, USDT_ABI, 'approve', marketplace, usdt(1000));
      await send(index, desert, nft, 'setApprovalForAll', marketplace, true);
    }
    await send(5, d.contracts.usdt, USDT_ABI, 'approve', desert, cost);
    await send(5, desert, nft, 'mint', 61, cost);
    await send(5, marketplace, MARKETPLACE_ABI, 'createMarketItem', desert, 61, usdt(40));
    const itemId = (await fetchMarketItems(provider, marketplace)).find((item) => item.tokenId === 61n)!.itemId;
    await send(6, marketplace, MARKETPLACE_ABI, 'createMarketSale', desert, itemId, usdt(40));
    await send(6, marketplace, MARKETPLACE_ABI, 'createMarketItem', desert, 61, usdt(75));
    const relisted = (await fetchMarketItems(provider, marketplace)).find((item) => item.tokenId === 61n)!.itemId;
    await send(6, marketplace, MARKETPLACE_ABI, 'releaseSale', relisted);

    const reader = createHistoryReader({
      source: createNodeReads(createNodePool([anvil.url])),
      store: memoryHistoryStore(),
      chainId: d.chainId,
      startBlocks: new Map(),
      maxRange: 9,
      finality: 0,
    });
    const contracts = { marketplace, staking: d.contracts.staking as Address, usdt: d.contracts.usdt as Address };
    const events = (await readCollectionHistory(reader, desert, contracts)).filter((event) => event.tokenId === 61n);
    expect(events.map((event) => [event.kind, event.from, event.to, event.item?.price])).toEqual([
      ['mint', '0x0000000000000000000000000000000000000000', account(5), undefined],
      ['listing', account(5), marketplace, usdt(40)],
      ['sale', marketplace, account(6), usdt(40)],
      ['listing', account(6), marketplace, usdt(75)],
      ['release', marketplace, account(6), usdt(75)],
    ]);
    const prices = await readPaidPrices(reader, events, contracts);
    const sale = events.find((event) => event.kind === 'sale')!;
    const royalty = (await new Contract(desert, nft, provider).getFunction('royaltyInfo')(61, usdt(40))) as bigint[];
    expect(prices.get(sale.transactionHash)).toEqual({ price: usdt(40), royalty: royalty[1] });
    expect(prices.get(events[0]!.transactionHash)?.price).toBe(cost);
    expect(currentHolders(events).get(tokenKey(desert, 61n))).toBe(account(6));
  });
});
