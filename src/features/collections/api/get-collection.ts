import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';
import { collectionRead } from '@/features/collections/api/reads';

/** Call #6: one collection with its media, through the custom `get_collection` route (a bare array). */
export async function getCollection(id: number, client: CmsClient = getCmsClient()): Promise<Collection> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = collectionRead(id);
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { cmsContext, parseArray, toCollection } = await parser;
  const context = cmsContext(client);
  // The route answers every collection when `id` is ignored, so pick by id rather than trusting [0].
  const collection = parseArray(data, (raw) => toCollection(raw, context)).find((item) => item.id === id);
  if (!collection) throw new AppError('not-found', `Collection ${id} does not exist.`, { status: 404 });
  return collection;
}

export function collectionQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.cms.collection(id), queryFn: () => getCollection(id) });
}

export function useCollection(id: number) {
  return useQuery(collectionQueryOptions(id));
}
