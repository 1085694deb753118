import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { parseStandardList } from '@/lib/cms/parse';

/** Call #26: the id of the CMS NFT row for (collection, token id), or null. Published rows only. */
export async function findNftIdByToken(
  { collectionId, tokenId }: { collectionId: number; tokenId: number | bigint | string },
  client: CmsClient = getCmsClient(),
): Promise<number | null> {
  const { data } = await client.get<unknown>('/api/nft', {
    params: {
      filters: { $and: [{ collection: { id: { $eq: collectionId } } }, { token_id: { $eq: String(tokenId) } }] },
      sort: ['id:asc'],
      pagination: { pageSize: 1 },
    },
  });
  const ids = parseStandardList(data, (raw) => (raw as { id?: unknown } | null)?.id).items;
  const id = ids[0];
  return typeof id === 'number' ? id : null;
}
