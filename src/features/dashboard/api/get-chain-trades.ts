import { useQueries, useQuery } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import { collectionHistoryQueryOptions } from '@/lib/chain/history/history-queries';
import { floorOf, lastSalePrice, marketPriceFrom } from '@/lib/chain/history/market-figures';
import { liveMarketItemsQueryOptions } from '@/lib/chain/market-queries';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';
import type { ChainTrades } from '@/features/dashboard/api/figures';

/**
 * The table's trade figures from the chain (issue 38), by lower-case contract: Last Trade Price = the newest sale in
 * the collection's history, Market Price = the floor of its live listings, else that last sale (`marketPriceFrom`).
 * Only trusted collections are read; a row claiming another contract has neither. `addresses` undefined = not known
 * yet (the CMS collections are still loading).
 */
export function useChainTrades(addresses: readonly string[] | undefined) {
  const trusted = [...new Set((addresses ?? []).filter((address) => isTrustedCollection(address)))].map((address) =>
    address.toLowerCase(),
  );
  const listings = useQuery({ ...liveMarketItemsQueryOptions(leadImageShown), enabled: addresses !== undefined });
  return useQueries({
    queries: trusted.map((address) => collectionHistoryQueryOptions(address, leadImageShown)),
    combine: (histories) => {
      const failed = [listings, ...histories].filter((query) => query.status === 'error');
      const status =
        addresses === undefined ||
        listings.status === 'pending' ||
        histories.some((query) => query.status === 'pending')
          ? failed.length > 0
            ? 'error'
            : 'pending'
          : failed.length > 0
            ? 'error'
            : 'success';
      const data = new Map<string, ChainTrades>();
      if (status === 'success') {
        trusted.forEach((address, index) => {
          const lastTrade = lastSalePrice(histories[index]?.data ?? []);
          const { floor } = floorOf(listings.data ?? [], address);
          data.set(address, { lastTradePrice: lastTrade, marketPrice: marketPriceFrom(floor, lastTrade) });
        });
      }
      return {
        status,
        data: status === 'success' ? data : undefined,
        // Try again re-runs the failed reads (combineReads calls it only for a failed one).
        refetch: async () => {
          const [first] = await Promise.all(failed.map((query) => query.refetch()));
          return first ?? listings.refetch();
        },
      } as const;
    },
  });
}
