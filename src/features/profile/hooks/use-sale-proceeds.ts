import { useQuery } from '@tanstack/react-query';
import type { Address } from '@/config/env';
import { getSaleRoyalty } from '@/lib/chain/contracts/nft-collection';
import { marketSaleSplit, type MarketSaleSplit } from '@/lib/chain/market-math';
import { getReadProvider } from '@/lib/chain/provider';
import { queryKeys } from '@/lib/query/keys';

/**
 * What a sale of this NFT at `price` would pay out (deployed-system.md §C9.1): the royalty the
 * collection's `royaltyInfo` reports on chain for that price, the 5 % fee on the rest, the
 * seller's part. Idle while there is no valid price.
 */
export function useSaleProceeds(contract: Address, tokenId: bigint, price: bigint | null) {
  return useQuery({
    queryKey: queryKeys.chain.saleRoyalty(contract, tokenId.toString(), (price ?? 0n).toString()),
    queryFn: async (): Promise<MarketSaleSplit> => {
      const royalty = await getSaleRoyalty(getReadProvider(), contract, tokenId, price ?? 0n);
      return marketSaleSplit(price ?? 0n, royalty.amount);
    },
    enabled: price !== null,
    staleTime: 60_000,
  });
}
