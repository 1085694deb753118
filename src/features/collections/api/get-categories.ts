import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Category } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { categoriesRead } from '@/features/collections/api/reads';

/** Call #4: the explore page's category tabs. */
export async function getCategories(client: CmsClient = getCmsClient()): Promise<Category[]> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = categoriesRead();
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { parseStandardList, toCategory } = await parser;
  return parseStandardList(data, toCategory).items;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cms.categories(), queryFn: () => getCategories() });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
