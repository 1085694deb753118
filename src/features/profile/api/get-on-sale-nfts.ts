import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toNft } from '@/lib/cms/parse';
import { NFT_STATUS, type Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/**
 * Call #22: the profile's "On Sale" tab — NFTs this address listed (status 2). `$eqi`: the CMS
 * stores whatever address case a client wrote, and only MySQL compares `$eq` case-insensitively
 * (deployed-system.md §B7.1; `$eqi` is in the Strapi 4.3.8 the original lock file pins).
 */
export async function getOnSaleNfts(owner: string, client: CmsClient = getCmsClient()): Promise<Nft[]> {
  const { data } = await client.get<unknown>('/api/nft', {
    params: {
      filters: { $and: [{ owner: { $eqi: owner } }, { nft_status: { id: { $eq: NFT_STATUS.listed } } }] },
      populate: '*',
      sort: ['id:asc'],
      pagination: { pageSize: 100 },
    },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toNft(raw, context)).items;
}

function onSaleNftsQueryOptions(owner: string | null) {
  return queryOptions({
    queryKey: queryKeys.cms.nfts({ owner: owner?.toLowerCase() ?? null, status: NFT_STATUS.listed }),
    queryFn: () => getOnSaleNfts(owner ?? ''),
    enabled: Boolean(owner),
  });
}

export function useOnSaleNfts(owner: string | null) {
  return useQuery(onSaleNftsQueryOptions(owner));
}
