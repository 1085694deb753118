import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type AppConfig } from '@/config/env';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Collection } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { collectionStanding } from '@/lib/trust/trusted-collections';
import { heroCollectionRead, verifiedCollectionIds } from '@/features/collections/api/reads';

/**
 * Call #1: the newest active collection, shown in the home hero; null when there is none. Anyone with a CMS login can
 * create the newest row (deployed-system.md §C9.6), and the hero is the most prominent place of the site: once the
 * operator has named verified rows (`VITE_VERIFIED_COLLECTIONS`), only a verified row lends the hero its banner and
 * logo, and any other row is passed over, as it would be labelled Unverified. With none named, every row is
 * unverified alike and the newest is shown. The configuration alone decides, so the confusables table stays off the
 * home page's first paint.
 */
export async function getHeroCollection(
  client: CmsClient = getCmsClient(),
  config: Pick<AppConfig, 'trustedCollections' | 'verifiedCollections'> = getConfig(),
): Promise<Collection | null> {
  // The parser and its schemas are not needed for the home page's first paint: they load beside the request.
  const read = heroCollectionRead(verifiedCollectionIds(config));
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>(read.path, { params: read.params }),
    import('@/lib/cms/parse'),
  ]);
  const context = cmsContext(client);
  const rows = parseStandardList(data, (raw) => toCollection(raw, context)).items;
  if (config.verifiedCollections.length === 0) return rows[0] ?? null;
  return rows.find((row) => collectionStanding(row, config) === 'verified') ?? null;
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
