import '@/components/nft-card.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppImage } from '@/components/app-image';
import { ApproxUsd } from '@/components/approx-usd';
import { EmptyState } from '@/components/empty-state';
import { ListingExposureWarning } from '@/components/listing-exposure-warning';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { PendingBadge } from '@/components/pending-badge';
import { useOnSaleNfts } from '@/features/profile/api/get-on-sale-nfts';
import { BulkBar, SelectBox, toggled } from '@/features/profile/components/bulk-bar';
import type { Nft } from '@/lib/cms/types';
import { AMOUNT_SLOT, TextWithAmount, UsdtPrice } from '@/components/amount';
import { useListingExposure } from '@/lib/hooks/use-listing-exposure';
import { usePendingItem } from '@/lib/tx/use-pending-item';

const ReleaseDialog = lazy(() => import('@/features/profile/components/release-dialog'));
const BulkDialog = lazy(() => import('@/features/profile/components/bulk-dialog'));

/**
 * An On Sale card (deployed-system.md §P2.9): image, token name, collection name, the listed price in the
 * language's notation followed by USDT (§U15) with its "≈ $", View and
 * Release from Sale as a visible button (the previous front end hid it in a menu), and the warning when the listing is exposed.
 */
function OnSaleCard({
  nft,
  owner,
  onRelease,
  selected,
  onSelect,
}: {
  nft: Nft;
  owner: string;
  onRelease: (nft: Nft) => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  // A release (or a sale) already under way: Release from Sale waits for it.
  const pending = usePendingItem({ nftId: nft.id, contract: nft.collection?.contractAddress, tokenId: nft.tokenId });
  // A listing another same-id item now prices (deployed-system.md §C9.1) is flagged above Release from Sale.
  const exposure = useListingExposure(
    nft.itemId !== null ? { itemId: BigInt(nft.itemId), tokenId: BigInt(nft.tokenId), seller: owner } : null,
  );
  return (
    <article className="nft-card surface profile-card">
      <div className="nft-card-media">
        <AppImage src={nft.imageUrl} alt="" className="nft-card-image" />
        {pending ? <PendingBadge item={pending} /> : null}
      </div>
      <div className="nft-card-body">
        <h3 className="nft-card-title">{nft.tokenName}</h3>
        <p className="profile-card-collection text-muted-tm small">{nft.collection?.name ?? '—'}</p>
        <p className="profile-card-price mb-2">
          <span className="text-muted-tm small">{t('onSale.price')}</span>{' '}
          <span className="fw-bold">
            <TextWithAmount
              text={t('onSale.amount', { price: AMOUNT_SLOT })}
              amount={<UsdtPrice value={nft.price} />}
            />
          </span>{' '}
          <ApproxUsd usdt={nft.price} className="d-block small approx-usd" />
        </p>
        <ListingExposureWarning exposure={exposure} tokenId={nft.tokenId} />
        <div className="profile-card-actions">
          <SelectBox name={nft.tokenName} selected={selected} disabled={pending !== null} onSelect={onSelect} />
          <Link
            to={`/ItemDetail/${nft.id}`}
            className="btn btn-main btn-sm"
            aria-label={t('onSale.viewFor', { name: nft.tokenName })}
          >
            {t('onSale.view')}
          </Link>
          <button
            type="button"
            className="btn btn-outline-light btn-sm"
            aria-label={t('onSale.releaseFor', { name: nft.tokenName })}
            disabled={pending !== null}
            onClick={() => onRelease(nft)}
          >
            {t('onSale.release')}
          </button>
        </div>
      </div>
    </article>
  );
}

/** On Sale: the user's NFTs the CMS has as listed (owner + nft_status 2). */
export function OnSaleTab({ owner }: { owner: string }) {
  const { t } = useTranslation('profile');
  const query = useOnSaleNfts(owner);
  const [releasing, setReleasing] = useState<Nft | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<readonly Nft[] | null>(null);

  if (query.isPending) return <LoadingSkeleton variant="cards" rows={4} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <>
      <BulkBar
        count={selected.size}
        action={t('bulk.releaseSelected')}
        onAct={() => setBulk(query.data.filter((nft) => selected.has(nft.id)))}
        onClear={() => setSelected(new Set())}
      />
      {query.data.length === 0 ? (
        <EmptyState variant="items" />
      ) : (
        <ul className="nft-grid list-unstyled" aria-label={t('onSale.label')}>
          {query.data.map((nft) => (
            <li key={nft.id}>
              <OnSaleCard
                nft={nft}
                owner={owner}
                onRelease={setReleasing}
                selected={selected.has(nft.id)}
                onSelect={(on) => setSelected((current) => toggled(current, nft.id, on))}
              />
            </li>
          ))}
        </ul>
      )}
      {bulk ? (
        <Suspense fallback={null}>
          <BulkDialog
            target={{ mode: 'release', nfts: bulk }}
            onHide={() => {
              setBulk(null);
              setSelected(new Set());
            }}
          />
        </Suspense>
      ) : null}
      {releasing ? (
        <Suspense fallback={null}>
          <ReleaseDialog nft={releasing} onHide={() => setReleasing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
