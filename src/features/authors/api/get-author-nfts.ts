import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toNft } from '@/lib/cms/parse';
import type { Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

const PAGE_SIZE = 100;
/** Guards against a CMS that keeps reporting more pages. */
const MAX_PAGES = 50;

/** Every published NFT of an author, all pages of the standard `/api/nft` list. */
export async function getAuthorNfts(authorId: number, client: AxiosInstance = getCmsClient()): Promise<Nft[]> {
  const context = cmsContext(client);
  const nfts: Nft[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data } = await client.get<unknown>('/api/nft', {
      params: {
        filters: { author: { id: { $eq: authorId } } },
        populate: { collection: { populate: ['feature_img', 'banner', 'category'] }, nft_status: true },
        sort: ['token_id:asc', 'id:asc'],
        pagination: { page, pageSize: PAGE_SIZE },
      },
    });
    const result = parseStandardList(data, (raw) => toNft(raw, context));
    nfts.push(...result.items);
    if (page >= result.pageCount || result.items.length === 0) break;
  }
  return nfts;
}

export function authorNftsQueryOptions(authorId: number) {
  return queryOptions({ queryKey: queryKeys.cms.nfts({ authorId }), queryFn: () => getAuthorNfts(authorId) });
}

export function useAuthorNfts(authorId: number) {
  return useQuery(authorNftsQueryOptions(authorId));
}
