import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toCollection } from '@/lib/cms/parse';

/**
 * The contract addresses of every CMS collection (any status): the NFT contracts the keyless
 * indexer enumerates for the Collected tab, besides the staking pools.
 */
export async function getCollectionContracts(client: AxiosInstance = getCmsClient()): Promise<string[]> {
  const { data } = await client.get<unknown>('/api/collections', {
    params: { sort: ['id:asc'], pagination: { pageSize: 100 } },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toCollection(raw, context)).items.flatMap((collection) =>
    collection.contractAddress ? [collection.contractAddress] : [],
  );
}
