import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { dashboardCollectionsRead } from '@/features/dashboard/api/reads';

/** Call #29: active featured collections for the public dashboard (name, contract address). */
export async function getDashboardCollections(client: CmsClient = getCmsClient()): Promise<Collection[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const trust = import('@/lib/trust/imitation');
  const read = dashboardCollectionsRead();
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { cmsContext, parseStandardList, toCollection } = await parser;
  const context = cmsContext(client);
  const { withoutCopies } = await trust;
  // Copies and imitations of a verified collection are not the operator's: they are left out of the table (deployed-system.md §C9.6).
  return withoutCopies(parseStandardList(data, (raw) => toCollection(raw, context)).items, client);
}

export function dashboardCollectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cms.collections({ list: 'dashboard' }),
    queryFn: () => getDashboardCollections(),
  });
}

export function useDashboardCollections() {
  return useQuery(dashboardCollectionsQueryOptions());
}
