import { getConfig, type AppConfig } from '@/config/env';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { TrustSubject } from '@/lib/trust/imitation';

async function fetchVerifiedRows(client: CmsClient, config: AppConfig): Promise<TrustSubject[]> {
  const ids = config.verifiedCollections.map((pair) => pair.collectionId);
  if (ids.length === 0) return [];
  const [{ data }, { cmsContext, parseStandardList, toCollection }] = await Promise.all([
    client.get<unknown>('/api/collections', {
      params: {
        filters: { id: { $in: ids } },
        fields: ['name', 'contract_address'],
        pagination: { pageSize: ids.length },
      },
    }),
    import('@/lib/cms/parse'),
  ]);
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items;
}

let rows: Promise<TrustSubject[]> | undefined;

/**
 * The operator's verified rows (id, name, contract): one small CMS request for every id
 * `VITE_VERIFIED_COLLECTIONS` names, made once per page load and shared by every list and label that
 * checks names (the operator renames a verified collection rarely; a reload reads it again). A failed
 * read is forgotten, so the next caller (Try again) asks again.
 */
export function getVerifiedRows(client: CmsClient = getCmsClient(), config = getConfig()): Promise<TrustSubject[]> {
  const pending = (rows ??= fetchVerifiedRows(client, config).catch((error: unknown) => {
    if (rows === pending) rows = undefined;
    throw error;
  }));
  return pending;
}

/** Tests start every case from a fresh page load. */
export function resetVerifiedRows(): void {
  rows = undefined;
}
