import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { exploreCollectionsRead } from '@/features/collections/api/reads';

/** Call #5: active collections for the explore grid, optionally of one category (null = "All"). */
export async function getExploreCollections(
  categoryId: number | null,
  client: CmsClient = getCmsClient(),
): Promise<Collection[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const trust = import('@/lib/trust/imitation');
  const read = exploreCollectionsRead(categoryId);
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { cmsContext, parseStandardList, toCollection } = await parser;
  const context = cmsContext(client);
  const { copiesLast } = await trust;
  // Copies and imitations of a verified collection stay findable (labelled) but never take the grid's first places.
  return copiesLast(parseStandardList(data, (raw) => toCollection(raw, context)).items, client);
}

export function exploreCollectionsQueryOptions(categoryId: number | null) {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'explore', categoryId }),
    queryFn: () => getExploreCollections(categoryId),
  });
}

export function useExploreCollections(categoryId: number | null) {
  return useQuery(exploreCollectionsQueryOptions(categoryId));
}
