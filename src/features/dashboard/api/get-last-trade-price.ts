import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { parseStandardList, toTransaction } from '@/lib/cms/parse';

/** Call #30: the newest transaction's price of a collection (USDT base units), 0n when none. */
export async function getLastTradePrice(collectionId: number, client: CmsClient = getCmsClient()): Promise<bigint> {
  const { data } = await client.get<unknown>('/api/transactions', {
    params: {
      filters: { collection: { id: { $eq: collectionId } } },
      sort: ['publishedAt:desc', 'price:asc'],
      pagination: { pageSize: 1 },
    },
  });
  return parseStandardList(data, toTransaction).items[0]?.price ?? 0n;
}
