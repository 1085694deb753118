import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseFlatList, toNft } from '@/lib/cms/parse';
import type { Nft, Page } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

export interface CollectionSearchParams {
  collectionId: number;
  text: string;
}

/** Call #9: NFTs of a collection whose name contains `text` (unpaged). The serializer URL-encodes it. */
export async function searchCollectionNfts(
  { collectionId, text }: CollectionSearchParams,
  client: CmsClient = getCmsClient(),
): Promise<Page<Nft>> {
  const { data } = await client.get<unknown>('/api/nft-v1s/fwfilters', { params: { collectionId, searchtxt: text } });
  const context = cmsContext(client);
  return parseFlatList(data, (raw) => toNft(raw, context));
}

function collectionSearchQueryOptions({ collectionId, text }: CollectionSearchParams) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: queryKeys.cms.nfts({ collectionId, search: trimmed }),
    queryFn: () => searchCollectionNfts({ collectionId, text: trimmed }),
    enabled: trimmed.length > 0,
  });
}

export function useCollectionSearch(params: CollectionSearchParams) {
  return useQuery(collectionSearchQueryOptions(params));
}
