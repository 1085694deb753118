import { queryOptions } from '@tanstack/react-query';
import type { Address } from '@/config/env';
import type { PricedEvent } from '@/lib/chain/history/market-figures';
import { queryKeys } from '@/lib/query/keys';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

/**
 * The one query of a collection's chain history, shared by the NFT page, the collection page and the dashboard (same
 * key, same data). Only trusted collections are read: their contracts come from the configuration, so their events
 * say what happened; any other contract could log whatever it likes. The history code loads inside the query
 * function, never with a page's first load; the sections that ask for it render after their page's lead content
 * (AfterFirstPaint).
 */
export function collectionHistoryQueryOptions(
  collection: string | null | undefined,
  /** What to wait for first: the page's lead image (components/app-image's `leadImageShown`). */
  before?: (signal: AbortSignal) => Promise<void>,
) {
  const trusted = isTrustedCollection(collection) ? collection : null;
  return queryOptions({
    queryKey: queryKeys.chain.collectionHistory(trusted ?? ''),
    queryFn: async ({ signal }): Promise<PricedEvent[]> => {
      await before?.(signal);
      const { readCollectionMarket } = await import('@/lib/chain/history/collection-market');
      return readCollectionMarket(trusted as Address);
    },
    enabled: trusted !== null,
    staleTime: 15_000,
  });
}
