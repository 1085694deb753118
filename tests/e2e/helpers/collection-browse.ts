import { Contract, Interface, getAddress, id, type JsonRpcProvider } from 'ethers';
import type { Page } from '@playwright/test';
import { deployment } from '../fixtures.ts';
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI } from './abis.ts';
import { cmsGet, type StandardList } from './facts.ts';

/**
 * What collection-browse.spec.ts compares the collection grid with, read here from the chain's raw logs (not with the
 * app's code, and not through `fetchMarketItems`, which a bricked marketplace would fail): the tokens the marketplace
 * holds now, each with the price and item id of the newest item created for it.
 */

const market = new Interface(MARKETPLACE_ABI);
const TRANSFER = id('Transfer(address,address,uint256)');

export interface ChainListing {
  tokenId: number;
  price: bigint;
  itemId: bigint;
}

export async function chainListings(provider: JsonRpcProvider, contract: string): Promise<ChainListing[]> {
  const d = deployment();
  const marketplace = getAddress(d.contracts.marketplace);
  const lastTo = new Map<bigint, string>();
  for (const log of await provider.getLogs({ address: contract, fromBlock: 0, toBlock: 'latest' })) {
    if (log.topics.length !== 4 || log.topics[0] !== TRANSFER) continue;
    lastTo.set(BigInt(log.topics[3]!), getAddress(`0x${log.topics[2]!.slice(26)}`));
  }
  const newest = new Map<bigint, { price: bigint; itemId: bigint }>();
  for (const log of await provider.getLogs({ address: marketplace, fromBlock: 0, toBlock: 'latest' })) {
    const parsed = market.parseLog(log);
    if (parsed?.name !== 'MarketItemCreated' || getAddress(parsed.args[1] as string) !== getAddress(contract)) continue;
    newest.set(parsed.args[2] as bigint, { itemId: parsed.args[0] as bigint, price: parsed.args[5] as bigint });
  }
  return [...lastTo]
    .filter(([, to]) => to === marketplace)
    .map(([tokenId]) => ({ tokenId: Number(tokenId), ...newest.get(tokenId)! }));
}

export async function mintCost(provider: JsonRpcProvider, contract: string): Promise<bigint> {
  return (await new Contract(contract, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
}

/** Token id → name of the published CMS rows of a collection (the grid shows only those). */
export async function cmsTokenNames(collectionId: number): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  for (let page = 1; ; page += 1) {
    const list = await cmsGet<StandardList<{ token_id: number; token_name: string }>>(
      `/api/nft?filters[collection][id][$eq]=${collectionId}&fields[0]=token_id&fields[1]=token_name&pagination[page]=${page}&pagination[pageSize]=100`,
    );
    for (const row of list.data) ids.set(Number(row.attributes.token_id), row.attributes.token_name);
    if (page * 100 >= list.meta.pagination.total) return ids;
  }
}

/** The grid's cards in DOM order, as "Name #id" and the price text each shows. */
export async function gridCards(page: Page): Promise<{ name: string; price: string | null }[]> {
  const grid = page.getByRole('region', { name: /Items in this collection|Elementi di questa collezione/ });
  return grid.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('.nft-card-title')?.textContent?.trim() ?? '',
      price: item.querySelector('.nft-card-price')?.textContent?.trim() ?? null,
    })),
  );
}
