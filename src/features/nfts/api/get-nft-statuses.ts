import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { NftStatus } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { nftStatusesRead } from '@/features/nfts/api/reads';

/** Call #10: the status filter's options (value = id, label = Status). */
export async function getNftStatuses(client: CmsClient = getCmsClient()): Promise<NftStatus[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = nftStatusesRead();
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { parseStandardList, toNftStatus } = await parser;
  return parseStandardList(data, toNftStatus).items;
}

export function nftStatusesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cms.statuses(), queryFn: () => getNftStatuses() });
}

export function useNftStatuses() {
  return useQuery(nftStatusesQueryOptions());
}
