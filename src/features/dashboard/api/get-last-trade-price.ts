import { getCmsClient, type CmsClient } from '@/lib/cms/client';

/** Call #30: the newest transaction's price of a collection (USDT base units), 0n when none. */
export async function getLastTradePrice(collectionId: number, client: CmsClient = getCmsClient()): Promise<bigint> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const { data } = await client.get<unknown>('/api/transactions', {
    params: {
      filters: { collection: { id: { $eq: collectionId } } },
      sort: ['publishedAt:desc', 'price:asc'],
      pagination: { pageSize: 1 },
    },
  });
  const { parseStandardList, toTransaction } = await parser;
  return parseStandardList(data, toTransaction).items[0]?.price ?? 0n;
}
