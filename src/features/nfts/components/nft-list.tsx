import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, type EmptyVariant } from '@/components/empty-state';
import type { Nft } from '@/lib/cms/types';
import { NftCard, cardVariantFor } from './nft-card';

export interface NftListProps {
  nfts: Nft[];
  /** Whether the marketplace lists this NFT (contract and token id): decides Buy vs View. */
  isListed: (nft: Nft) => boolean;
  /** Which spec text an empty list shows. */
  empty?: EmptyVariant;
  /** Only this author's NFTs. */
  authorId?: number;
  /** Show the cards in a random order (fixed for the lifetime of the list). */
  shuffle?: boolean;
  /** Show `pageSize` cards and a "Load more" button that reveals the next `pageSize`. */
  loadMore?: { pageSize: number };
  label?: string;
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
export function NftList({ nfts, isListed, empty = 'item', authorId, shuffle = false, loadMore, label }: NftListProps) {
  const { t } = useTranslation('nft');
  const [seed] = useState(() => Math.random());
  const [visible, setVisible] = useState(loadMore?.pageSize ?? Number.POSITIVE_INFINITY);
  const items = useMemo(() => {
    const filtered = authorId === undefined ? nfts : nfts.filter((nft) => nft.author?.id === authorId);
    return shuffle ? shuffled(filtered, seed) : filtered;
  }, [nfts, authorId, shuffle, seed]);

  if (items.length === 0) return <EmptyState variant={empty} />;
  const shown = items.slice(0, visible);
  return (
    <>
      <ul className="nft-grid list-unstyled" aria-label={label}>
        {shown.map((nft) => (
          <li key={nft.id}>
            <NftCard nft={nft} listed={isListed(nft)} variant={cardVariantFor(nft)} />
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
