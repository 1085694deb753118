import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { parseStandardList, toCategory } from '@/lib/cms/parse';
import type { Category } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #4: the explore page's category tabs. */
export async function getCategories(client: CmsClient = getCmsClient()): Promise<Category[]> {
  const { data } = await client.get<unknown>('/api/categories', { params: { pagination: { pageSize: 100 } } });
  return parseStandardList(data, toCategory).items;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cms.categories(), queryFn: () => getCategories() });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
