import { useQuery } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { liveMarketItemsQueryOptions } from '@/lib/chain/market-queries';

/**
 * The marketplace's items for sale (src/lib/chain/market-queries.ts), read once per page and shared by every card on
 * it, after the route's lead image (the collection's banner, the NFT's image): this read's code and answer would
 * share the connection and the main thread with it.
 */
export function marketItemsQueryOptions() {
  return liveMarketItemsQueryOptions(leadImageShown);
}

export function useMarketItems() {
  return useQuery(marketItemsQueryOptions());
}

/**
 * The live item of `tokenId` of `contract`: both the contract (case-insensitive) and the token id must match — a
 * listing of the same token id in another collection does not count.
 */
export function marketItemFor(
  items: readonly MarketItem[] | undefined,
  contract: string | null | undefined,
  tokenId: bigint | number | string | null | undefined,
): MarketItem | undefined {
  if (!items || !contract || tokenId === null || tokenId === undefined || tokenId === '') return undefined;
  let id: bigint;
  try {
    id = BigInt(tokenId);
  } catch {
    return undefined;
  }
  const wanted = contract.toLowerCase();
  return items.find((item) => item.tokenId === id && item.nftContract.toLowerCase() === wanted);
}

/** True when `tokenId` of `contract` is for sale (see `marketItemFor`). */
export function isListedOnMarket(
  items: readonly MarketItem[] | undefined,
  contract: string | null | undefined,
  tokenId: bigint | number | string | null | undefined,
): boolean {
  return marketItemFor(items, contract, tokenId) !== undefined;
}
