import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { comingSoonCollectionsRead } from '@/features/collections/api/reads';

/** Call #3: inactive collections, the home "Coming Soon" carousel. */
export async function getComingSoonCollections(client: CmsClient = getCmsClient()): Promise<Collection[]> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = comingSoonCollectionsRead();
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
  ]);
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items;
}

export function comingSoonCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'coming-soon' }),
    queryFn: () => getComingSoonCollections(),
  });
}

export function useComingSoonCollections() {
  return useQuery(comingSoonCollectionsQueryOptions());
}
