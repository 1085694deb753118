import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { queryKeys } from '@/lib/query/keys';
import { collectionItemCountRead } from '@/features/collections/api/reads';

/** Call #7: number of (published) NFTs in a collection, from the standard list's pagination total. */
export async function getCollectionItemCount(
  collectionId: number,
  client: CmsClient = getCmsClient(),
): Promise<number> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = collectionItemCountRead(collectionId);
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  // Only the total is read; the one row is not mapped.
  const { parseStandardList } = await parser;
  return parseStandardList(data, () => null).total;
}

export function collectionItemCountQueryOptions(collectionId: number) {
  return queryOptions({
    queryKey: queryKeys.cms.nfts({ collectionId, count: true }),
    queryFn: () => getCollectionItemCount(collectionId),
  });
}

export function useCollectionItemCount(collectionId: number) {
  return useQuery(collectionItemCountQueryOptions(collectionId));
}
