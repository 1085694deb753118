import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toNft } from '@/lib/cms/parse';
import type { Nft } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

const PAGE_SIZE = 100;
/** Guards against a CMS that keeps reporting more pages. */
const MAX_PAGES = 50;

/**
 * Strapi's answer to a filter on an attribute the type does not have. The deployed CMS has no
 * author type, so nft-v1 has no `author` and the filter below is refused this way.
 */
function isNoAuthorAttribute(error: unknown): boolean {
  return error instanceof AppError && error.status === 400 && error.message === 'Invalid parameter author';
}

/**
 * Every published NFT of an author, all pages of the standard `/api/nft` list. A CMS without
 * author support (400 "Invalid parameter author") has no NFTs by author: an empty list, not an error.
 */
export async function getAuthorNfts(authorId: number, client: CmsClient = getCmsClient()): Promise<Nft[]> {
  try {
    return await readAuthorNfts(authorId, client);
  } catch (error) {
    if (isNoAuthorAttribute(error)) return [];
    throw error;
  }
}

async function readAuthorNfts(authorId: number, client: CmsClient): Promise<Nft[]> {
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

function authorNftsQueryOptions(authorId: number) {
  return queryOptions({ queryKey: queryKeys.cms.nfts({ authorId }), queryFn: () => getAuthorNfts(authorId) });
}

/**
 * `enabled: false` until the author itself has loaded: for an author the CMS does not have (or a
 * CMS without the author type, whose `/api/authors/:id` is a 404) the list is never requested.
 */
export function useAuthorNfts(authorId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...authorNftsQueryOptions(authorId), enabled });
}
