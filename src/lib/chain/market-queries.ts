import { queryOptions } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { queryKeys } from '@/lib/query/keys';

/**
 * The marketplace's items for sale, one query for every screen that needs them (the NFT pages' cards and Buy Now,
 * the collection page's floor, the dashboard's Market Price); from the marketplace's events when its
 * `fetchMarketItems` is bricked (deployed-system.md §C9.1a). The contract layer is imported on demand so that a
 * card in the first-load bundle does not pull ethers in with it (and the provider only loads for that fallback).
 */
export function liveMarketItemsQueryOptions(
  /** What to wait for first: the page's lead image (components/app-image's `leadImageShown`). */
  before?: (signal: AbortSignal) => Promise<void>,
) {
  return queryOptions({
    queryKey: queryKeys.chain.marketItems(),
    queryFn: async ({ signal }): Promise<MarketItem[]> => {
      await before?.(signal);
      // Views only: the call runner (eth_call over fetch) spares the page ethers' provider code.
      const [{ getCallRunner }, { readLiveMarketItems }] = await Promise.all([
        import('@/lib/chain/call-runner'),
        import('@/lib/chain/market-listings'),
      ]);
      return readLiveMarketItems(getCallRunner(), getConfig().addresses.marketplace);
    },
    staleTime: 15_000,
  });
}
