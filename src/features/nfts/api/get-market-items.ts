import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { leadImageShown } from '@/components/app-image';
import { getConfig, type Address } from '@/config/env';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { queryKeys } from '@/lib/query/keys';

/**
 * The marketplace's items for sale, read once per page and shared by every card on it (each
 * card asks `isListedOnMarket`); from the marketplace's events when its `fetchMarketItems` is bricked
 * (deployed-system.md §C9.1a). The contract layer is imported on demand so that a card in the
 * first-load bundle does not pull ethers in with it (and the provider only loads for that fallback).
 */
async function getMarketItems(runner: ContractRunner, marketplace: Address): Promise<MarketItem[]> {
  const { readLiveMarketItems } = await import('@/lib/chain/market-listings');
  return readLiveMarketItems(runner, marketplace);
}

export function marketItemsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.marketItems(),
    queryFn: async ({ signal }) => {
      // After the route's lead image (the collection's banner, the NFT's image): this read's code and answer would
      // share the connection and the main thread with it.
      await leadImageShown(signal);
      // Views only: the call runner (eth_call over fetch) spares the page ethers' provider code.
      const { getCallRunner } = await import('@/lib/chain/call-runner');
      return getMarketItems(getCallRunner(), getConfig().addresses.marketplace);
    },
    staleTime: 15_000,
  });
}

export function useMarketItems() {
  return useQuery(marketItemsQueryOptions());
}

/**
 * True when `tokenId` of `contract` is for sale: both the contract (case-insensitive) and the
 * token id must match — a listing of the same token id in another collection does not count.
 */
export function isListedOnMarket(
  items: readonly MarketItem[] | undefined,
  contract: string | null | undefined,
  tokenId: bigint | number | string | null | undefined,
): boolean {
  if (!items || !contract || tokenId === null || tokenId === undefined || tokenId === '') return false;
  let id: bigint;
  try {
    id = BigInt(tokenId);
  } catch {
    return false;
  }
  const wanted = contract.toLowerCase();
  return items.some((item) => item.tokenId === id && item.nftContract.toLowerCase() === wanted);
}
