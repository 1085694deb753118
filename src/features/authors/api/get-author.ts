import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardSingle, toAuthor } from '@/lib/cms/parse';
import type { Author } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

/**
 * One author with avatar and banner. The deployed CMS has no author type, so its 404 for the
 * route itself lands here as 'not-found' too (client interceptor), like an unknown id.
 */
export async function getAuthor(id: number, client: CmsClient = getCmsClient()): Promise<Author> {
  const { data } = await client.get<unknown>(`/api/authors/${id}`, { params: { populate: ['avatar', 'banner'] } });
  const author = parseStandardSingle(data, (raw) => toAuthor(raw, cmsContext(client)));
  if (!author) throw new AppError('not-found', `Author ${id} does not exist.`, { status: 404 });
  return author;
}

function authorQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.cms.authors(id), queryFn: () => getAuthor(id) });
}

export function useAuthor(id: number) {
  return useQuery(authorQueryOptions(id));
}
