import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { nftRead } from '@/features/nfts/api/reads';

/**
 * Calls #11 / #15: one NFT, flat, with its collection, status and properties. The route ignores
 * query parameters, so none are sent. Every reader of the route (the detail page, the purchase
 * bookkeeping) comes through here: an unknown id — the deployed 200 `{ props: [] }`, or a 404 —
 * rejects as AppError 'not-found'.
 */
export async function getNft(id: number, client: CmsClient = getCmsClient()): Promise<Nft> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const { data } = await client.get<unknown>(nftRead(id).path);
  const { cmsContext, parseNftRecord } = await parser;
  return parseNftRecord(data, cmsContext(client));
}

export function nftQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.cms.nft(id), queryFn: () => getNft(id) });
}

export function useNft(id: number) {
  return useQuery(nftQueryOptions(id));
}
