import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { heroCollectionRead } from '@/features/collections/api/reads';

/** Call #1: the newest active collection, shown in the home hero; null when there is none. */
export async function getHeroCollection(client: CmsClient = getCmsClient()): Promise<Collection | null> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = heroCollectionRead();
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
  ]);
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items[0] ?? null;
}

export function heroCollectionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'hero' }),
    queryFn: () => getHeroCollection(),
  });
}

export function useHeroCollection() {
  return useQuery(heroCollectionQueryOptions());
}
