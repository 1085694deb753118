import type { AppConfig } from '@/config/env';
import type { CmsRead } from '@/lib/cms/query-string';

/**
 * The collection reads' requests, kept apart from their clients so that the server's preload hints
 * (app/routes.ts, ANNOUNCED, read by the nginx configuration's generator) name the very same URLs.
 */

/**
 * Call #1: the home hero's candidates, newest first. With verified rows configured (`VITE_VERIFIED_COLLECTIONS`), only
 * those rows are read: anyone with a CMS login can create the newest rows, and a read of "the newest few" would let
 * a handful of them push the operator's rows out. With none configured, the newest active row (deployed-system.md
 * §B5.1: `pagination[limit]=1`).
 */
export const heroCollectionRead = (verifiedIds: readonly number[] = []): CmsRead => ({
  path: '/api/collections',
  params:
    verifiedIds.length > 0
      ? {
          populate: '*',
          filters: { status: { $eq: 'Active' }, id: { $in: [...verifiedIds] } },
          sort: ['createdAt:desc'],
          pagination: { limit: verifiedIds.length },
        }
      : { populate: '*', filters: { status: { $eq: 'Active' } }, sort: ['createdAt:desc'], pagination: { limit: 1 } },
});

/** The verified rows' ids, as the hero's read names them. */
export const verifiedCollectionIds = (config: Pick<AppConfig, 'verifiedCollections'>): number[] =>
  config.verifiedCollections.map((pair) => pair.collectionId);

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
