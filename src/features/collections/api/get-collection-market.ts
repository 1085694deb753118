import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import { collectionHistoryQueryOptions } from '@/lib/chain/history/history-queries';
import { ownerCount, salesOf, volumeOf, type PricedEvent } from '@/lib/chain/history/market-figures';
import { queryKeys } from '@/lib/query/keys';

/** How many of the newest sales the collection page lists. */
const RECENT_SALES = 5;

function saleTimesQueryOptions(sales: readonly PricedEvent[]) {
  return queryOptions({
    queryKey: queryKeys.chain.blockTimes(sales.map((sale) => sale.blockNumber)),
    queryFn: async () => {
      const { withBlockTimes } = await import('@/lib/chain/history/collection-market');
      return withBlockTimes(sales);
    },
    enabled: sales.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The collection's market figures from its chain history (issue 38): owners (distinct holders; a listed or staked
 * token counts for the account that put it there), volume (the sum of its sales' prices) and its newest sales with
 * their times. Floor and listed count come from the live listings (`floorOf`), which the page reads anyway.
 */
export function useCollectionMarket(contract: string | null | undefined) {
  const history = useQuery(collectionHistoryQueryOptions(contract, leadImageShown));
  const events = history.data;
  const recent = events ? salesOf(events).slice(0, RECENT_SALES) : [];
  const timed = useQuery(saleTimesQueryOptions(recent));
  return {
    history,
    owners: events ? ownerCount(events) : undefined,
    volume: events ? volumeOf(events) : undefined,
    recentSales: timed.data ?? recent,
  };
}
