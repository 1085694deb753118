import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { NotFoundState } from '@/components/not-found-state';
import { usePageTitle } from '@/components/page-title';
import { ItemPrice } from '@/features/checkout/components/chain-price';
import { useNft } from '@/features/nfts/api/get-nft';
import {
  NftDetail,
  type CheckoutSlotProps,
  type ListingSlotProps,
  type PriceSlotProps,
  type ReleaseSlotProps,
} from '@/features/nfts/components/nft-detail';
import { useBumpViewsOnce } from '@/features/nfts/hooks/use-bump-views-once';
import { toAppError } from '@/lib/errors/app-error';
import { parseRouteId } from '@/lib/route-params';

// The checkout brings ethers and the transaction path with it: loaded when a buyer opens it.
const CheckoutDialog = lazy(() => import('@/features/checkout/components/checkout-dialog'));
// One's own listing is released with the profile's Release from Sale flow, loaded when the seller opens it.
const ReleaseDialog = lazy(() => import('@/features/profile/components/release-dialog'));
// The owner lists (or the seller changes the price) with the profile's listing dialog, loaded when opened.
const ListingDialog = lazy(() => import('@/features/profile/components/listing-dialog'));

function renderCheckout(props: CheckoutSlotProps) {
  return (
    <Suspense fallback={null}>
      <CheckoutDialog {...props} />
    </Suspense>
  );
}

function renderRelease(props: ReleaseSlotProps) {
  return (
    <Suspense fallback={null}>
      <ReleaseDialog {...props} />
    </Suspense>
  );
}

/** The NFT page's CMS row as the listing dialog reads an NFT (the chain's facts are read again before any step). */
function renderListing({ nft, replacing, onHide }: ListingSlotProps) {
  const contract = nft.collection?.contractAddress;
  if (!contract) return null;
  const indexed = {
    contract,
    tokenId: BigInt(nft.tokenId),
    name: nft.tokenName,
    collectionName: nft.collection?.name ?? null,
    description: nft.description,
    image: nft.imageUrl,
    contractType: nft.tokenStandard || 'ERC721',
  };
  return (
    <Suspense fallback={null}>
      <ListingDialog
        nft={indexed}
        onHide={onHide}
        {...(replacing ? { replacing: { itemId: replacing.itemId, nftId: nft.id } } : {})}
      />
    </Suspense>
  );
}

function renderPrice(props: PriceSlotProps) {
  return <ItemPrice {...props} />;
}

export function ItemDetailPage() {
  const id = parseRouteId(useParams().nftId);
  if (id === null) return <NotFoundState />;
  return <ItemDetailScreen id={id} />;
}

function ItemDetailScreen({ id }: { id: number }) {
  const nft = useNft(id);
  useBumpViewsOnce(nft.data);
  usePageTitle(nft.data?.tokenName);
  if (nft.isPending) {
    return (
      <div className="container py-5">
        <LoadingSkeleton rows={5} />
      </div>
    );
  }
  // A failed refetch keeps the NFT on screen: right after a purchase confirms, the CMS may be down
  // while the record waits in the outbox, and the "Purchase complete" dialog must stay.
  if (nft.isError && nft.data === undefined) {
    if (toAppError(nft.error).kind === 'not-found') return <NotFoundState />;
    return (
      <div className="container py-5">
        <ErrorState onRetry={() => void nft.refetch()} />
      </div>
    );
  }
  return (
    <NftDetail
      nft={nft.data}
      renderCheckout={renderCheckout}
      renderPrice={renderPrice}
      renderRelease={renderRelease}
      renderListing={renderListing}
    />
  );
}
