import { queryOptions } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import type { Address } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/** `cost()` of a trusted collection contract (USDT base units): what a card shows for a token still to mint. */
export function mintCostQueryOptions(contract: Address) {
  return queryOptions({
    queryKey: queryKeys.chain.mintCost(contract),
    queryFn: async ({ signal }) => {
      // After the route's lead image, as the marketplace's items.
      await leadImageShown(signal);
      const [{ getCallRunner }, { getMintCost }] = await Promise.all([
        import('@/lib/chain/call-runner'),
        import('@/lib/chain/contracts/nft-collection'),
      ]);
      return getMintCost(getCallRunner(), contract);
    },
    staleTime: 60_000,
  });
}
