import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Transaction } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #14: an NFT's price history, newest first. */
export async function getNftTransactions(nftId: number, client: CmsClient = getCmsClient()): Promise<Transaction[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const { data } = await client.get<unknown>('/api/transactions', {
    params: {
      filters: { nft_v_1: { id: { $eq: nftId } } },
      sort: ['publishedAt:desc', 'id:desc'],
      pagination: { pageSize: 100 },
    },
  });
  const { parseStandardList, toTransaction } = await parser;
  return parseStandardList(data, toTransaction).items;
}

export function nftTransactionsQueryOptions(nftId: number) {
  return queryOptions({
    queryKey: queryKeys.cms.transactions({ nftId }),
    queryFn: () => getNftTransactions(nftId),
  });
}

export function useNftTransactions(nftId: number) {
  return useQuery(nftTransactionsQueryOptions(nftId));
}
