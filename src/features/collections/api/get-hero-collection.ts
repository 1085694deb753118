import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { collectionStanding } from '@/lib/trust/trusted-collections';
import { heroCollectionRead } from '@/features/collections/api/reads';

/**
 * Call #1: the newest active collection, shown in the home hero; null when there is none. A row that claims a
 * trusted contract without being its verified row (deployed-system.md §C9.6) is passed over: the configuration alone decides
 * that, so the confusables table stays off the home page's first paint (look-alike names are judged on the pages
 * that label them).
 */
export async function getHeroCollection(client: CmsClient = getCmsClient()): Promise<Collection | null> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = heroCollectionRead();
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
  ]);
  const context = cmsContext(client);
  const rows = parseStandardList(data, (raw) => toCollection(raw, context)).items;
  return rows.find((row) => collectionStanding(row) !== 'copy') ?? null;
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
