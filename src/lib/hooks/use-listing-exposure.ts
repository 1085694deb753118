import { useQuery } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import type { ListingExposure } from '@/lib/chain/market-listings';
import { sameAddress } from '@/lib/format/address';
import { queryKeys } from '@/lib/query/keys';

/** A live listing of the signed-in seller, as the NFT page and On Sale know it. */
export interface OwnListing {
  itemId: bigint;
  tokenId: bigint;
  seller: string;
}

/**
 * Whether the seller's live listing can be taken through another marketplace item with its token id
 * (deployed-system.md §C9.1): another seller's item, or a cheaper one of their own, created after it was listed.
 * Null while unknown, when safe, and when the item is no longer the seller's live item. Read with the provider
 * (eth_getLogs), loaded only for a seller's own listing.
 */
export function useListingExposure(listing: OwnListing | null): ListingExposure | null {
  const query = useQuery({
    enabled: listing !== null,
    queryKey: [
      ...queryKeys.chain.sameTokenItems(listing?.tokenId.toString() ?? ''),
      listing?.itemId.toString() ?? '',
      listing?.seller.toLowerCase() ?? '',
    ],
    queryFn: async (): Promise<ListingExposure | null> => {
      if (!listing) return null;
      const [{ getReadProvider }, { listingExposure, readSameTokenItems }] = await Promise.all([
        import('@/lib/chain/provider'),
        import('@/lib/chain/market-listings'),
      ]);
      const items = await readSameTokenItems(getReadProvider(), getConfig().addresses.marketplace, listing.tokenId);
      const own = items.find((item) => item.itemId === listing.itemId);
      if (!own || own.sold || !sameAddress(own.seller, listing.seller)) return null;
      return listingExposure(items, own);
    },
    staleTime: 15_000,
  });
  return query.data ?? null;
}
