import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLastTradePrice } from '@/features/dashboard/api/get-last-trade-price';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { queryKeys } from '@/lib/query/keys';

/** Strapi's largest page (REST maxLimit). */
const PAGE_SIZE = 100;

/**
 * Call #30 for every dashboard collection in ONE request: the transactions of all of them, newest
 * first (then cheapest first, as #30 sorts), and for each collection the first one of its own —
 * the same row #30 would return for it alone. Collections without a transaction get 0n.
 *
 * One page holds the newest 100 transactions. A collection that has none among them either has
 * none at all (the page holds every match) or only older ones (more matches than the page): only
 * in that second case is #30 asked for each such collection, so the page stays at one CMS request
 * unless a few collections trade far more than the others.
 */
export async function getLastTradePrices(
  collectionIds: readonly number[],
  client: CmsClient = getCmsClient(),
): Promise<Map<number, bigint>> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const ids = [...new Set(collectionIds)];
  const prices = new Map<number, bigint>();
  if (ids.length === 0) return prices;
  const { data } = await client.get<unknown>('/api/transactions', {
    params: {
      filters: { collection: { id: { $in: ids } } },
      sort: ['publishedAt:desc', 'price:asc'],
      fields: ['price', 'publishedAt'],
      populate: { collection: { fields: ['id'] } },
      pagination: { pageSize: PAGE_SIZE },
    },
  });
  const { parseStandardList, toTransaction } = await parser;
  const page = parseStandardList(data, toTransaction);
  for (const tx of page.items) {
    if (tx.collectionId !== null && !prices.has(tx.collectionId)) prices.set(tx.collectionId, tx.price);
  }
  const unseen = ids.filter((id) => !prices.has(id));
  if (page.total > page.items.length && unseen.length > 0) {
    const older = await Promise.all(unseen.map((id) => getLastTradePrice(id, client)));
    unseen.forEach((id, index) => prices.set(id, older[index] ?? 0n));
  }
  for (const id of ids) if (!prices.has(id)) prices.set(id, 0n);
  return prices;
}

/** `collectionIds` undefined = not known yet (the CMS collections are still loading). */
export function lastTradePricesQueryOptions(collectionIds: readonly number[] | undefined) {
  const ids = [...new Set(collectionIds ?? [])].sort((a, b) => a - b);
  return queryOptions({
    queryKey: queryKeys.cms.transactions({ lastOfCollections: ids }),
    queryFn: () => getLastTradePrices(ids),
    enabled: collectionIds !== undefined,
  });
}

export function useLastTradePrices(collectionIds: readonly number[] | undefined) {
  return useQuery(lastTradePricesQueryOptions(collectionIds));
}
