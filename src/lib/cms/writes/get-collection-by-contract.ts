import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toCollection } from '@/lib/cms/parse';
import type { Collection } from '@/lib/cms/types';

/**
 * Call #24: the CMS collection for an NFT contract, or null (listing flow: find-or-create).
 * `$eqi`: rows hold checksummed (operators) or lower-case (app-created) addresses, and only MySQL
 * compares `$eq` case-insensitively (deployed-system.md §B7.1); a miss here would create a duplicate.
 */
export async function getCollectionByContract(
  contractAddress: string,
  client: CmsClient = getCmsClient(),
): Promise<Collection | null> {
  const { data } = await client.get<unknown>('/api/collections', {
    params: { filters: { contract_address: { $eqi: contractAddress } }, sort: ['id:asc'], pagination: { pageSize: 1 } },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items[0] ?? null;
}
