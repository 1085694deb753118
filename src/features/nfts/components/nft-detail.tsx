import '@/features/nfts/components/nfts.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionTitle } from '@/lib/tx/flow';
import { Link } from 'react-router-dom';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { AppImage } from '@/components/app-image';
import { ApproxUsd } from '@/components/approx-usd';
import { CollectionTrustLabel } from '@/components/collection-trust-label';
import { ErrorState } from '@/components/error-state';
import { ListingExposureWarning } from '@/components/listing-exposure-warning';
import { PendingBadge } from '@/components/pending-badge';
import { getConfig } from '@/config/env';
import { useMarketItems } from '@/features/nfts/api/get-market-items';
import { useNftActivity } from '@/features/nfts/api/get-nft-activity';
import { useNftTransactions } from '@/features/nfts/api/get-nft-transactions';
import { useTokenOwner } from '@/features/nfts/api/get-token-owner';
import { useNftLike } from '@/features/nfts/hooks/use-nft-like';
import type { Nft } from '@/lib/cms/types';
import { sameAddress, shortAddress } from '@/lib/format/address';
import { lastSalePrice } from '@/lib/chain/history/market-figures';
import { UsdtPrice } from '@/components/amount';
import { formatCompactCount } from '@/lib/format/numbers';
import { useListingExposure } from '@/lib/hooks/use-listing-exposure';
import { useCmsLabels } from '@/lib/i18n/cms-labels';
import { useSession } from '@/lib/session/use-session';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';
import { usePendingItem } from '@/lib/tx/use-pending-item';
import { Countdown } from './countdown';
import { NftActivity } from './nft-activity';
import { NftInfoPanels, PriceHistory } from './nft-detail-panels';

/** Which purchase the buyer asked for: a primary mint or a secondary buy. */
export type PurchaseMode = 'mint' | 'buy';

/** What the page's checkout is given when a buyer opens it. */
export interface CheckoutSlotProps {
  nft: Nft;
  mode: PurchaseMode;
  actionLabel: string;
  onHide: () => void;
}

/** What the page's price slot is given: the NFT and the purchase the page offers, if any. */
export interface PriceSlotProps {
  nft: Nft;
  purchase: PurchaseMode | null;
}

/**
 * What the page's listing slot is given: the owner's NFT to list, or with `replacing` the seller's live
 * marketplace item whose price changes (release, then list again, one plan).
 */
export interface ListingSlotProps {
  nft: Nft;
  replacing?: { itemId: bigint };
  onHide: () => void;
}

/** What the page's release slot is given: the seller's own listing to take off sale. */
export interface ReleaseSlotProps {
  nft: Nft;
  onHide: () => void;
}

/**
 * The NFT page body: media, facts, like toggle, purchase buttons, panels and price history. The
 * checkout, the chain's price, the listing and the release of one's own NFT are the page's (`renderCheckout`,
 * `renderPrice`, `renderListing`, `renderRelease`), so this feature imports neither the checkout nor the profile feature.
 * So that the page says what a buyer can do: a listed NFT's owner is its seller from the market item (the marketplace contract holds it), one's
 * own listing offers Release instead of Buy Now, and an NFT that is neither listed nor mintable shows its last
 * sale price on chain rather than a price to pay. Its Activity and the check of its price history come from the
 * chain's history and render after the image and summary.
 */
export function NftDetail({
  nft,
  renderCheckout,
  renderPrice,
  renderRelease,
  renderListing,
}: {
  nft: Nft;
  renderCheckout: (props: CheckoutSlotProps) => ReactNode;
  renderPrice: (props: PriceSlotProps) => ReactNode;
  renderRelease: (props: ReleaseSlotProps) => ReactNode;
  renderListing: (props: ListingSlotProps) => ReactNode;
}) {
  const { t, i18n } = useTranslation('nft');
  const labels = useCmsLabels();
  const { t: tc } = useTranslation();
  const { t: tp } = useTranslation('pending');
  const config = getConfig();
  const { isSignedIn, connect, account } = useSession();
  const contract = nft.collection?.contractAddress ?? null;
  // The chain is the truth for ownership; the CMS owner fills in while it loads or when it fails.
  const chainOwner = useTokenOwner(contract, nft.tokenId);
  const owner = chainOwner.data ?? nft.owner;
  const transactions = useNftTransactions(nft.id);
  // What happened to this token, from the chain: the Activity panel, the check of each CMS price-history row and
  // the last sale price (a CMS row is never one, issue 38).
  const activity = useNftActivity(contract, nft.tokenId);
  const like = useNftLike(nft.id, nft.likes);
  const [checkout, setCheckout] = useState<PurchaseMode | null>(null);
  // A purchase, listing or release of this NFT under way (here or in another tab, or before a reload): its
  // buttons wait for it, and while its record waits the chain's owner is shown with "record pending".
  const pending = usePendingItem({ nftId: nft.id, contract, tokenId: nft.tokenId });
  const [releasing, setReleasing] = useState(false);
  // The owner lists it, or the seller changes the price of the live item it names: kept from the click, as the
  // item is gone from the market once the change's release is mined while the dialog still runs.
  const [selling, setSelling] = useState<{ replacing?: { itemId: bigint } } | null>(null);

  const canMint = nft.status?.label === 'Mint';
  const listed = sameAddress(chainOwner.data, config.addresses.marketplace);
  const market = useMarketItems();
  const marketItem = listed
    ? market.data?.find(
        (item) => item.tokenId === BigInt(nft.tokenId) && sameAddress(item.nftContract, contract ?? undefined),
      )
    : undefined;
  // While listed the marketplace contract holds the token: the owner shown is the item's seller.
  const shownOwner = marketItem?.seller ?? owner;
  const ownListing = Boolean(marketItem && account && sameAddress(marketItem.seller, account));
  const canBuy = listed && !ownListing;
  // The token is in the signed-in wallet (read on chain): its owner may list it from here.
  const canList = Boolean(isSignedIn && account && contract && sameAddress(chainOwner.data, account));
  // One's own live listing that another same-id item now prices (deployed-system.md §C9.1) is flagged by Release.
  const exposure = useListingExposure(
    ownListing && marketItem && account
      ? { itemId: marketItem.itemId, tokenId: marketItem.tokenId, seller: account }
      : null,
  );
  const lastSale = activity.data ? lastSalePrice(activity.data) : null;
  // Minting on a contract the app does not trust is refused before any button can prompt (deployed-system.md §C9.5).
  const untrustedMint = canMint && !isTrustedCollection(contract);
  const purchase: PurchaseMode | null = canBuy ? 'buy' : canMint && !untrustedMint ? 'mint' : null;
  const onLike = () => (isSignedIn ? like.onToggle() : void connect());

  return (
    <div className="container py-4 nft-detail">
      <div className="row g-4">
        <div className="col-12 col-lg-6">
          <AppImage
            src={nft.imageUrl}
            alt={t('detail.imageAlt', { name: nft.tokenName })}
            className="nft-detail-image"
            priority
          />
        </div>
        <div className="col-12 col-lg-6">
          {/* The deployed CMS has no title field (deployed-system.md §U16 #19): the token name is the heading,
              and a title, where a CMS has one that says more, is shown beneath it. */}
          <h1 className="nft-detail-title">{nft.tokenName}</h1>
          {nft.title && nft.title !== nft.tokenName ? (
            <p className="nft-detail-token text-accent fw-bold">{nft.title}</p>
          ) : null}
          {nft.itemType === 'on_auction' ? <Countdown deadline={nft.deadline} label={t('detail.auctionEnds')} /> : null}
          <div className="nft-detail-info">
            {nft.collection?.category ? (
              <span className="nft-detail-category">
                <span className="visually-hidden">{t('detail.category')}: </span>
                {labels.category(nft.collection.category.name)}
              </span>
            ) : null}
            <span>
              {t('detail.views', { count: nft.views, formatted: formatCompactCount(nft.views, i18n.language) })}
            </span>
            <button
              type="button"
              className={`btn btn-link nft-like${like.liked ? ' is-liked' : ''}`}
              aria-pressed={like.liked}
              disabled={like.pending}
              title={isSignedIn ? undefined : t('detail.likeSignIn')}
              onClick={onLike}
            >
              <span aria-hidden="true">{like.liked ? '♥' : '♡'}</span>{' '}
              <span className="visually-hidden">{t('detail.like')}, </span>
              {t('detail.likes', { count: nft.likes })}
            </button>
          </div>
          <p className="nft-detail-owner">
            <span className="text-muted-tm">{t('detail.owner')}</span>{' '}
            <span className="font-monospace" title={shownOwner ?? undefined}>
              {shortAddress(shownOwner) || '—'}
            </span>
            {listed ? <span className="text-muted-tm"> · {t('detail.listedOnMarket')}</span> : null}
          </p>
          {pending ? (
            <p className="nft-detail-pending small d-flex flex-wrap align-items-center gap-2" role="status">
              <PendingBadge item={pending} />
              <span>
                {tp(pending.stage === 'chain' ? 'detail.chain' : 'detail.record', {
                  title: actionTitle(pending.subject, tp),
                })}
              </span>
            </p>
          ) : null}
          {chainOwner.isError ? (
            <ErrorState
              inline
              message={tc('errors.chainOwner')}
              onRetry={() => {
                void chainOwner.refetch();
                if (market.isError) void market.refetch();
              }}
            />
          ) : null}
          {nft.description ? <p className="nft-detail-description">{nft.description}</p> : null}
          {nft.collection ? (
            <div className="nft-detail-collection">
              <h2 className="h6 text-muted-tm">{t('detail.collection')}</h2>
              <div className="d-flex align-items-center flex-wrap gap-2">
                <Link to={`/colection/${nft.collection.id}`} className="d-inline-flex align-items-center gap-2">
                  <AppImage
                    src={nft.collection.featureImageUrl}
                    srcSet={nft.collection.featureImageSrcSet}
                    sizes="40px"
                    alt=""
                    width={40}
                    height={40}
                    className="rounded-circle"
                  />
                  {nft.collection.name}
                </Link>
                <CollectionTrustLabel collection={nft.collection} />
              </div>
            </div>
          ) : null}
          <div className="nft-detail-price surface p-3 my-3">
            {ownListing && marketItem ? (
              // One's own listing offers no purchase to price: its price is the marketplace item's, not the CMS row's
              // (which the listing's record may not have reached yet).
              <>
                <span className="text-muted-tm">{t('detail.currentPrice')}</span>
                <strong className="d-block fs-4" data-testid="listing-price">
                  <UsdtPrice value={marketItem.price} unit="USDT" />
                </strong>
                <ApproxUsd usdt={marketItem.price} className="d-block small approx-usd" />
              </>
            ) : canMint || listed ? (
              <>
                <span className="text-muted-tm">{t('detail.currentPrice')}</span>
                {renderPrice({ nft, purchase })}
              </>
            ) : (
              <>
                <span className="text-muted-tm">{t('detail.lastSalePrice')}</span>
                <strong className="d-block fs-4" data-testid="last-sale-price">
                  {lastSale !== null ? (
                    <UsdtPrice value={lastSale} unit="USDT" />
                  ) : activity.trusted && activity.isPending ? (
                    '…'
                  ) : (
                    t('detail.noSales')
                  )}
                </strong>
                {lastSale !== null ? <ApproxUsd usdt={lastSale} className="d-block small approx-usd" /> : null}
                {lastSale !== null ? (
                  <span className="d-block small text-muted-tm">{t('detail.fromChain')}</span>
                ) : null}
              </>
            )}
            {nft.status ? (
              <span className="nft-detail-status">
                {t('detail.status')}: <strong>{labels.status(nft.status.label)}</strong>
              </span>
            ) : null}
          </div>
          {untrustedMint ? (
            <p className="alert alert-warning small py-2" role="alert">
              {t('checkout.problem.untrusted')}
            </p>
          ) : null}
          <div className="d-flex gap-2 flex-wrap">
            {canMint ? (
              <button
                type="button"
                className="btn btn-main"
                disabled={pending !== null}
                onClick={() => setCheckout('mint')}
              >
                {t('detail.mint')}
              </button>
            ) : null}
            {canBuy ? (
              <button
                type="button"
                className="btn btn-main"
                disabled={pending !== null}
                onClick={() => setCheckout('buy')}
              >
                {t('detail.buyNow')}
              </button>
            ) : null}
            {ownListing ? (
              <>
                <p className="w-100 mb-0 small">{t('detail.yourListing')}</p>
                <ListingExposureWarning exposure={exposure} tokenId={nft.tokenId} />
                <button
                  type="button"
                  className="btn btn-main"
                  disabled={pending !== null}
                  onClick={() => setSelling(marketItem ? { replacing: { itemId: marketItem.itemId } } : null)}
                >
                  {t('detail.changePrice')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-light"
                  disabled={pending !== null}
                  onClick={() => setReleasing(true)}
                >
                  {t('detail.release')}
                </button>
              </>
            ) : null}
            {canList ? (
              <>
                <p className="w-100 mb-0 small">{t('detail.yours')}</p>
                <button
                  type="button"
                  className="btn btn-main"
                  disabled={pending !== null}
                  onClick={() => setSelling({})}
                >
                  {t('detail.list')}
                </button>
              </>
            ) : null}
          </div>
        </div>
        {/* The panels and the price history render just after the image and the summary above them. */}
        <AfterFirstPaint fallback={null}>
          <div className="col-12 col-lg-6">
            <NftInfoPanels nft={nft} explorerUrl={config.explorerUrl} />
          </div>
          <div className="col-12 col-lg-6">
            <PriceHistory query={transactions} activity={activity} />
          </div>
          <div className="col-12">
            <NftActivity query={activity} explorerUrl={config.explorerUrl} />
          </div>
        </AfterFirstPaint>
      </div>
      {checkout
        ? renderCheckout({
            nft,
            mode: checkout,
            actionLabel: labels.status(checkout === 'mint' ? 'Mint' : (nft.status?.label ?? 'Buy Now')),
            onHide: () => setCheckout(null),
          })
        : null}
      {releasing ? renderRelease({ nft, onHide: () => setReleasing(false) }) : null}
      {selling ? renderListing({ nft, ...selling, onHide: () => setSelling(null) }) : null}
    </div>
  );
}
