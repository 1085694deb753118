import { dashboardCollectionsRead } from '@/features/dashboard/api/reads';
import {
  categoriesRead,
  collectionItemCountRead,
  collectionRead,
  comingSoonCollectionsRead,
  exploreCollectionsRead,
  featuredCollectionsRead,
  heroCollectionRead,
} from '@/features/collections/api/reads';
import { nftRead, nftStatusesRead, nftTransactionsRead } from '@/features/nfts/api/reads';
import type { CmsRead } from '@/lib/cms/query-string';
import { parseRouteId } from '@/lib/route-params';

/**
 * The CMS reads a route starts as soon as it opens (route-data.ts), as requests the server can announce with the
 * page's document: the web server sends each of them as `Link: <url>; rel=preload; as=fetch; crossorigin`
 * (scripts/delivery/nginx.ts), the browser fetches them while the app's code is still downloading, and the CMS
 * client's request for the same URL gets that response instead of leaving after the code has run. The route's lead
 * image is named by one of them, so its request no longer waits for the code's download, evaluation and the HTTP
 * client's chunk (issue 27).
 *
 * Only public reads the route always makes, whose answer is the same for every visitor (no token, no wallet), are
 * listed; a read the page did not make would be fetched for nothing. tests/app/first-reads.test.tsx checks that each
 * route's reads here are among the ones it starts.
 */
export interface FirstReads {
  /** The route's path as in the route table (router.tsx). */
  path: string;
  /** The reads, given the route's parameters; none for a malformed id (the page shows "not found"). */
  reads: (params: Readonly<Record<string, string | undefined>>) => CmsRead[];
}

const homeReads = () => [heroCollectionRead(), featuredCollectionsRead(), comingSoonCollectionsRead()];

export const FIRST_READS: readonly FirstReads[] = [
  { path: '/', reads: homeReads },
  { path: '/home', reads: homeReads },
  // The "All" tab opens first.
  { path: '/explore', reads: () => [categoriesRead(), exploreCollectionsRead(null)] },
  {
    path: '/colection/:collectionId',
    reads: ({ collectionId }) => {
      const id = parseRouteId(collectionId);
      if (id === null) return [];
      // Not the grid's first page: it waits for the banner (features/nfts/api/get-collection-nfts.ts).
      return [collectionRead(id), collectionItemCountRead(id), nftStatusesRead()];
    },
  },
  {
    path: '/ItemDetail/:nftId',
    reads: ({ nftId }) => {
      const id = parseRouteId(nftId);
      return id === null ? [] : [nftRead(id), nftTransactionsRead(id)];
    },
  },
  // Not the natura-balance figures: the original CMS has no such type and answers 404 (deployed-system.md §B7.5).
  { path: '/dashboard', reads: () => [dashboardCollectionsRead()] },
];
