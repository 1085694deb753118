import type { CmsRead } from '@/lib/cms/query-string';

/**
 * The dashboard's first CMS read, kept apart from its client so that the server's preload hints (app/routes.ts, ANNOUNCED,
 * read by the nginx configuration's generator) name the very same URL.
 */

/** Call #29: active featured collections (name, contract address). */
export const dashboardCollectionsRead = (): CmsRead => ({
  path: '/api/collections',
  params: {
    filters: { status: { $eq: 'Active' }, feature: { $eq: true } },
    sort: ['id:asc'],
    pagination: { pageSize: 100 },
  },
});
