import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { featuredCollectionsRead } from '@/features/collections/api/reads';

/** Call #2: active featured collections, the home "New Release" carousel. */
export async function getFeaturedCollections(
  client: CmsClient = getCmsClient(),
  signal?: AbortSignal,
): Promise<Collection[]> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = featuredCollectionsRead();
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
  ]);
  // The carousel waits for the hero image anyway: the confusables table would only share the network with it.
  await leadImageShown(signal);
  const { withoutCopies } = await import('@/lib/trust/imitation');
  const context = cmsContext(client);
  // Copies and imitations of a verified collection never get a place in New Release (deployed-system.md §C9.6).
  return withoutCopies(parseStandardList(data, (raw) => toCollection(raw, context)).items, client);
}

export function featuredCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'featured' }),
    queryFn: ({ signal }) => getFeaturedCollections(undefined, signal),
  });
}

export function useFeaturedCollections() {
  return useQuery(featuredCollectionsQueryOptions());
}
