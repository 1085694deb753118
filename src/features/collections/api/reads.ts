import type { CmsRead } from '@/lib/cms/query-string';

/**
 * The collection reads' requests, kept apart from their clients so that the server's preload hints
 * (app/routes.ts, ANNOUNCED, read by the nginx configuration's generator) name the very same URLs.
 */

/**
 * Call #1: the newest active collections (the home hero takes the first that is not a copy of a verified row, so a
 * few are read: anyone with a CMS login can create the newest row).
 */
export const heroCollectionRead = (): CmsRead => ({
  path: '/api/collections',
  params: { populate: '*', filters: { status: { $eq: 'Active' } }, sort: ['createdAt:desc'], pagination: { limit: 5 } },
});

/** Call #2: active featured collections (the home "New Release" carousel). */
export const featuredCollectionsRead = (): CmsRead => ({
  path: '/api/collections',
  params: {
    populate: '*',
    filters: { status: { $eq: 'Active' }, feature: { $eq: true } },
    pagination: { pageSize: 100 },
  },
});

/** Call #3: inactive collections (the home "Coming Soon" carousel). */
export const comingSoonCollectionsRead = (): CmsRead => ({
  path: '/api/collections',
  params: { populate: '*', filters: { status: { $eq: 'Inactive' } }, pagination: { pageSize: 100 } },
});

/** Call #4: the explore page's category tabs. */
export const categoriesRead = (): CmsRead => ({ path: '/api/categories', params: { pagination: { pageSize: 100 } } });

/** Call #5: active collections for the explore grid, optionally of one category (null = "All"). */
export function exploreCollectionsRead(categoryId: number | null): CmsRead {
  const filters: Record<string, unknown> = { status: { $eq: 'Active' } };
  if (categoryId !== null) filters.category = { id: { $eq: categoryId } };
  return { path: '/api/collections', params: { populate: '*', filters, pagination: { pageSize: 100 } } };
}

/** Call #6: one collection with its media (the custom `get_collection` route). */
export const collectionRead = (id: number): CmsRead => ({ path: '/api/collections/get_collection', params: { id } });

/** Call #7: a collection's number of published NFTs (the list's pagination total). */
export const collectionItemCountRead = (collectionId: number): CmsRead => ({
  path: '/api/nft',
  params: { filters: { collection: { id: { $eq: collectionId } } }, pagination: { pageSize: 1 } },
});
