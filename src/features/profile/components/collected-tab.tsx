import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@/config/env';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { useInfiniteScroll } from '@/lib/hooks/use-infinite-scroll';
import { useWalletNfts } from '@/features/profile/api/get-wallet-nfts';
import { WalletNftCard } from '@/features/profile/components/wallet-nft-card';
import { BulkBar, toggled } from '@/features/profile/components/bulk-bar';
import { nftKey } from '@/lib/indexer/refs';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';

const ListingDialog = lazy(() => import('@/features/profile/components/listing-dialog'));
const BulkDialog = lazy(() => import('@/features/profile/components/bulk-dialog'));

/** Collected: every NFT the wallet holds, page after page as the user scrolls (or presses Load more). */
export function CollectedTab({ owner }: { owner: Address | null }) {
  const { t } = useTranslation('profile');
  const query = useWalletNfts(owner);
  const [listing, setListing] = useState<IndexedNft | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<readonly IndexedNft[] | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useInfiniteScroll<HTMLDivElement>(loadMore, query.isSuccess && hasNextPage);

  if (query.isPending) return <LoadingSkeleton variant="cards" rows={4} />;
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const nfts = query.data.pages.flatMap((page) => page.items);

  return (
    <>
      <BulkBar
        count={selected.size}
        action={t('bulk.listSelected')}
        onAct={() => setBulk(nfts.filter((nft) => selected.has(nftKey(nft))))}
        onClear={() => setSelected(new Set())}
      />
      {nfts.length === 0 && !hasNextPage ? (
        <EmptyState variant="items" />
      ) : (
        <ul className="nft-grid list-unstyled" aria-label={t('collected.label')}>
          {nfts.map((nft) => (
            <li key={nftKey(nft)}>
              <WalletNftCard
                nft={nft}
                onList={setListing}
                selected={selected.has(nftKey(nft))}
                onSelect={(on) => setSelected((current) => toggled(current, nftKey(nft), on))}
              />
            </li>
          ))}
        </ul>
      )}
      {query.isFetchNextPageError ? <ErrorState inline onRetry={loadMore} /> : null}
      {hasNextPage && !query.isFetchNextPageError ? (
        <div ref={sentinel} className="text-center mt-3">
          <button type="button" className="btn btn-main" disabled={isFetchingNextPage} onClick={loadMore}>
            {isFetchingNextPage ? t('collected.loadingMore') : t('collected.loadMore')}
          </button>
        </div>
      ) : null}
      {bulk ? (
        <Suspense fallback={null}>
          <BulkDialog
            target={{ mode: 'list', nfts: bulk }}
            onHide={() => {
              setBulk(null);
              setSelected(new Set());
            }}
          />
        </Suspense>
      ) : null}
      {listing ? (
        <Suspense fallback={null}>
          <ListingDialog nft={listing} onHide={() => setListing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
