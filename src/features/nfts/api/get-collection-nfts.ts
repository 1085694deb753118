import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { leadImagePending, leadImageShown } from '@/components/app-image';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import type { Nft, Page } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { collectionNftsRead } from '@/features/nfts/api/reads';

export interface CollectionNftsParams {
  collectionId: number;
  /** Ticked status ids; empty = every status. */
  statuses: number[];
}

/** Call #8: one page (24) of a collection's NFTs, ordered by token id, drafts included. */
export async function getCollectionNfts(
  { collectionId, statuses }: CollectionNftsParams,
  page: number,
  client: CmsClient = getCmsClient(),
): Promise<Page<Nft>> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  const read = collectionNftsRead(collectionId, statuses, page);
  const { data } = await client.get<unknown>(read.path, { params: read.params });
  const { cmsContext, parseFlatList, toNft } = await parser;
  const context = cmsContext(client);
  return parseFlatList(data, (raw) => toNft(raw, context));
}

export function collectionNftsQueryOptions({ collectionId, statuses }: CollectionNftsParams) {
  // Sorted so that the same set of ticks is the same key; a different set starts again at page 1.
  const sortedStatuses = [...statuses].sort((a, b) => a - b);
  return infiniteQueryOptions({
    queryKey: queryKeys.cms.nfts({ collectionId, statuses: sortedStatuses }),
    queryFn: async ({ pageParam, signal, client, queryKey }) => {
      // After the route's lead image (the collection's banner): a page of 24 NFTs is ≈ 40 kB of JSON (the CMS sends
      // each with its collection's media, uncompressed), which would share the network with the banner. Later pages
      // and other ticks find no lead image pending and leave at once.
      const waited = leadImagePending();
      await leadImageShown(signal);
      // The route starts page 1 before its page renders (app/routes.ts). Nobody watching it once the banner is shown
      // means the page was left before its grid appeared: the read would still go out, for no one (and, on the next
      // page, beside that page's own reads). It is not made, and the query goes back to never fetched, so a grid that
      // mounts later asks for it then. (A grid that unmounts while waiting cancels its read through `signal`.)
      if (waited && client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() === 0) {
        void client.cancelQueries({ queryKey, exact: true });
        signal.throwIfAborted();
      }
      return getCollectionNfts({ collectionId, statuses: sortedStatuses }, pageParam);
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => {
      const loaded = allPages.reduce((count, page) => count + page.items.length, 0);
      return loaded < lastPage.total && lastPage.items.length > 0 ? lastPage.page + 1 : undefined;
    },
  });
}

export function useCollectionNfts(params: CollectionNftsParams) {
  return useInfiniteQuery(collectionNftsQueryOptions(params));
}
