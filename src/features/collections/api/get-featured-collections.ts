import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { featuredCollectionsRead } from '@/features/collections/api/reads';

/** Call #2: active featured collections, the home "New Release" carousel. */
export async function getFeaturedCollections(client: CmsClient = getCmsClient()): Promise<Collection[]> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = featuredCollectionsRead();
  const [{ data }, { cmsContext, parseStandardList, toCollection }, { withoutCopies }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
    import('@/lib/trust/imitation'),
  ]);
  const context = cmsContext(client);
  // Copies and imitations of a verified collection never get a place in New Release (issue 36 §5).
  return withoutCopies(parseStandardList(data, (raw) => toCollection(raw, context)).items, client);
}

export function featuredCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'featured' }),
    queryFn: () => getFeaturedCollections(),
  });
}

export function useFeaturedCollections() {
  return useQuery(featuredCollectionsQueryOptions());
}
