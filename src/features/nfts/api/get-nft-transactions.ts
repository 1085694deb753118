import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Transaction } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { nftTransactionsRead } from '@/features/nfts/api/reads';

/** Call #14: an NFT's price history, newest first. */
export async function getNftTransactions(nftId: number, client: CmsClient = getCmsClient()): Promise<Transaction[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = nftTransactionsRead(nftId);
  const { data } = await client.get<unknown>(read.path, { params: read.params });
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
