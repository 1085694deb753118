import '@/components/nft-card.css';
import '@/features/nfts/components/nfts.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppImage } from '@/components/app-image';
import { PendingBadge } from '@/components/pending-badge';
import type { Nft } from '@/lib/cms/types';
import { AMOUNT_SLOT, TextWithAmount, UsdtPrice } from '@/components/amount';
import { usePendingItem } from '@/lib/tx/use-pending-item';
import { Countdown } from './countdown';

export type NftCardVariant = 'default' | 'audio';

/** The audio variant serves the music category (deployed-system.md §P2.6). */
export function cardVariantFor(nft: Nft): NftCardVariant {
  return nft.collection?.category?.name.trim().toLowerCase() === 'music' ? 'audio' : 'default';
}

export interface NftCardProps {
  nft: Nft;
  /** The marketplace lists this very token (same contract and token id): the label reads Buy. */
  listed: boolean;
  /**
   * USDT base units to show, from the chain (use-card-offers.ts): the live listing's price, or a mintable token's
   * `cost()`. Null (or left out) shows no price: the CMS price of an NFT nobody sells is not a price to pay.
   */
  price?: bigint | null;
  variant?: NftCardVariant;
  /** Audio variant: bid count and highest bid, when an auction source provides them. */
  bids?: { count: number; max: string };
}

/**
 * One NFT card, two variants. The whole card is a link to the detail page (a stretched link
 * underneath); the audio controls and the author link sit above it so they stay clickable.
 */
export function NftCard({ nft, listed, price: chainPrice = null, variant = 'default', bids }: NftCardProps) {
  const { t } = useTranslation('nft');
  // 3 decimals; a price they round is a button above the card's link that opens its exact figure (docs/amounts.md).
  const price =
    chainPrice === null ? null : (
      <TextWithAmount text={t('card.price', { price: AMOUNT_SLOT })} amount={<UsdtPrice value={chainPrice} />} />
    );
  const href = `/ItemDetail/${nft.id}`;
  // A purchase (or listing, release) under way: the card says so instead of offering Buy.
  const pending = usePendingItem({ nftId: nft.id, contract: nft.collection?.contractAddress, tokenId: nft.tokenId });
  return (
    <article className={`nft-card surface nft-card-${variant}`}>
      <div className="nft-card-media">
        <AppImage src={nft.imageUrl} alt="" className="nft-card-image" />
        {pending ? <PendingBadge item={pending} /> : null}
        {variant === 'audio' && nft.audioUrl ? <AudioPreview src={nft.audioUrl} name={nft.tokenName} /> : null}
      </div>
      <div className="nft-card-body">
        <Countdown deadline={nft.deadline} />
        <h3 className="nft-card-title">
          <Link to={href} className="stretched-link" aria-label={t('card.open', { name: nft.tokenName })}>
            {nft.tokenName}
          </Link>
        </h3>
        {variant === 'audio' ? (
          <>
            {price !== null ? <p className="nft-card-price mb-1">{price}</p> : null}
            <p className="nft-card-bids mb-1">{t('card.bids', { count: bids?.count ?? 0, max: bids?.max ?? '0' })}</p>
            <div className="nft-card-footer">
              <Link to={href} className="nft-card-raised btn btn-main btn-sm">
                {t('card.placeBid')}
              </Link>
              {nft.author ? (
                <Link to={`/Author/${nft.author.id}`} className="nft-card-raised nft-card-author">
                  <AppImage
                    src={nft.author.avatarUrl}
                    alt={t('card.author', { name: nft.author.username })}
                    width={32}
                    height={32}
                  />
                </Link>
              ) : null}
            </div>
          </>
        ) : (
          <>
            {price !== null ? (
              <p className="nft-card-price mb-2">{price}</p>
            ) : (
              // No price: the line keeps its height, so that a price arriving from the chain moves nothing.
              <p className="nft-card-price mb-2" aria-hidden="true">
                {'\u00a0'}
              </p>
            )}
            <div className="nft-card-footer">
              <span className={`nft-card-action${listed && !pending ? ' is-buy' : ''}`}>
                {listed && !pending ? t('card.buy') : t('card.view')}
              </span>
              <span className="nft-card-likes">
                <span aria-hidden="true">♥</span>{' '}
                <span className="visually-hidden">{t('card.likes', { count: nft.likes })}</span>
                <span aria-hidden="true">{nft.likes}</span>
              </span>
            </div>
          </>
        )}
      </div>
    </article>
  );
}

function AudioPreview({ src, name }: { src: string; name: string }) {
  const { t } = useTranslation('nft');
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <>
      <button
        type="button"
        className="nft-card-raised nft-card-play"
        aria-pressed={playing}
        aria-label={playing ? t('card.pause', { name }) : t('card.play', { name })}
        onClick={toggle}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      {/* Music previews carry no captions in the CMS; the title is shown next to the control. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </>
  );
}
