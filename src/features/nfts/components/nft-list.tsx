import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, type EmptyVariant } from '@/components/empty-state';
import type { CardOffer } from '@/features/nfts/hooks/use-card-offers';
import type { Nft } from '@/lib/cms/types';
import { useWindowedGrid } from '@/lib/hooks/use-windowed-grid';
import { NftCard, cardVariantFor } from './nft-card';

/** A card re-renders only when its own NFT, label, price or variant changes, not when the list grows. */
const MemoNftCard = memo(NftCard);

function ListedCard({ nft, offer }: { nft: Nft; offer: CardOffer }) {
  return <MemoNftCard nft={nft} listed={offer.listed} price={offer.price} variant={cardVariantFor(nft)} />;
}

export interface NftListProps {
  nfts: Nft[];
  /** What each card offers, from the chain (useCardOffers): Buy vs View, and the price it may show. */
  offerFor: (nft: Nft) => CardOffer;
  /** Which spec text an empty list shows. */
  empty?: EmptyVariant;
  /** Only this author's NFTs. */
  authorId?: number;
  /** Show the cards in a random order (fixed for the lifetime of the list). */
  shuffle?: boolean;
  /** Show `pageSize` cards and a "Load more" button that reveals the next `pageSize`. */
  loadMore?: { pageSize: number };
  label?: string;
  /**
   * Keep only the rows near the viewport in the DOM (for long, page-scrolled lists such as a
   * collection's infinite scroll): the cost of a new page does not grow with the pages before it.
   */
  windowed?: boolean;
}

function shuffled<T>(items: T[], seed: number): T[] {
  // Small seeded PRNG (mulberry32) so that re-renders keep the same order.
  let state = Math.floor(seed * 2 ** 32);
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A grid of NFT cards with the list options of deployed-system.md §P2.6 (load more, shuffle, author filter). */
export function NftList({
  nfts,
  offerFor,
  empty = 'item',
  authorId,
  shuffle = false,
  loadMore,
  label,
  windowed = false,
}: NftListProps) {
  const { t } = useTranslation('nft');
  const [seed] = useState(() => Math.random());
  const [visible, setVisible] = useState(loadMore?.pageSize ?? Number.POSITIVE_INFINITY);
  const items = useMemo(() => {
    const filtered = authorId === undefined ? nfts : nfts.filter((nft) => nft.author?.id === authorId);
    return shuffle ? shuffled(filtered, seed) : filtered;
  }, [nfts, authorId, shuffle, seed]);

  const shown = items.length > visible ? items.slice(0, visible) : items;
  const { attach, start, end, style, onFocus, onBlur } = useWindowedGrid(shown.length, windowed);

  if (items.length === 0) return <EmptyState variant={empty} />;
  return (
    <>
      <ul
        ref={attach}
        className="nft-grid list-unstyled"
        aria-label={label}
        style={style}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {shown.slice(start, end).map((nft, offset) => (
          <li
            key={nft.id}
            data-index={start + offset}
            // Only part of the list is in the DOM: each item says where it stands in the whole.
            aria-setsize={windowed ? shown.length : undefined}
            aria-posinset={windowed ? start + offset + 1 : undefined}
          >
            <ListedCard nft={nft} offer={offerFor(nft)} />
          </li>
        ))}
      </ul>
      {loadMore && shown.length < items.length ? (
        <div className="text-center mt-3">
          <button
            type="button"
            className="btn btn-main"
            onClick={() => setVisible((count) => count + loadMore.pageSize)}
          >
            {t('list.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
