import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toCollection } from '@/lib/cms/parse';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #3: inactive collections, the home "Coming Soon" carousel. */
export async function getComingSoonCollections(client: CmsClient = getCmsClient()): Promise<Collection[]> {
  const { data } = await client.get<unknown>('/api/collections', {
    params: { populate: '*', filters: { status: { $eq: 'Inactive' } }, pagination: { pageSize: 100 } },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items;
}

function comingSoonCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'coming-soon' }),
    queryFn: () => getComingSoonCollections(),
  });
}

export function useComingSoonCollections() {
  return useQuery(comingSoonCollectionsQueryOptions());
}
