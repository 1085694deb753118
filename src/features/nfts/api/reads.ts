import type { CmsRead } from '@/lib/cms/query-string';

/**
 * The NFT reads' requests, kept apart from their clients so that the server's preload hints (app/routes.ts, ANNOUNCED, read
 * by the nginx configuration's generator) name the very same URLs.
 */

/** Call #8: one page (24) of a collection's NFTs; `statuses` = ticked status ids, empty for all. */
export function collectionNftsRead(collectionId: number, statuses: readonly number[], page: number): CmsRead {
  const params: Record<string, unknown> = { page, collectionId };
  // The route expects a JSON array string; ids as strings, as the deployed front end sent them.
  if (statuses.length > 0) params.statuses = JSON.stringify(statuses.map(String));
  return { path: '/api/nft-v1s', params };
}

/** Call #10: the status filter's options. */
export const nftStatusesRead = (): CmsRead => ({
  path: '/api/nft-statuses',
  params: { pagination: { pageSize: 100 } },
});

/** Calls #11 / #15: one NFT, flat. The route ignores query parameters, so none are sent. */
export const nftRead = (id: number): CmsRead => ({ path: `/api/nft-v1s/${id}` });

/** Call #14: an NFT's price history, newest first. */
export const nftTransactionsRead = (nftId: number): CmsRead => ({
  path: '/api/transactions',
  params: {
    filters: { nft_v_1: { id: { $eq: nftId } } },
    sort: ['publishedAt:desc', 'id:desc'],
    pagination: { pageSize: 100 },
  },
});
