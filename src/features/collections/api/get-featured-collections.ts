import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toCollection } from '@/lib/cms/parse';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #2: active featured collections, the home "New Release" carousel. */
export async function getFeaturedCollections(client: CmsClient = getCmsClient()): Promise<Collection[]> {
  const { data } = await client.get<unknown>('/api/collections', {
    params: {
      populate: '*',
      filters: { status: { $eq: 'Active' }, feature: { $eq: true } },
      pagination: { pageSize: 100 },
    },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items;
}

function featuredCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'featured' }),
    queryFn: () => getFeaturedCollections(),
  });
}

export function useFeaturedCollections() {
  return useQuery(featuredCollectionsQueryOptions());
}
