import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { StakeableNft, StakeablePage } from '@/features/staking/api/get-stakeable-nfts';
import { NftRow } from './nft-row';

export interface MyNftsPanelProps {
  page: StakeablePage | undefined;
  status: 'pending' | 'error' | 'success';
  /** A new page is being fetched (the previous one stays shown). */
  fetching: boolean;
  canNext: boolean;
  firstPage: boolean;
  busy: boolean;
  onNext: () => void;
  onReset: () => void;
  onRetry: () => void;
  onStake: (nft: StakeableNft) => void;
}

/** MY NFTS: the wallet's NFTs of the four pools, one indexer page at a time, each with Stake. */
export function MyNftsPanel(props: MyNftsPanelProps) {
  const { t } = useTranslation('staking');
  const { page, status } = props;
  return (
    <div aria-busy={props.fetching}>
      {status === 'pending' ? <LoadingSkeleton rows={3} /> : null}
      {status === 'error' ? <ErrorState onRetry={props.onRetry} message={t('myNfts.error')} /> : null}
      {status === 'success' && page && page.items.length === 0 ? <EmptyState variant="items" /> : null}
      {page && page.items.length > 0 ? (
        <ul className="staking-list list-unstyled">
          {page.items.map((nft) => {
            const title = `${nft.collectionName ?? nft.name ?? ''}#${nft.tokenId.toString()}`;
            return (
              <NftRow
                key={`${nft.contract}:${nft.tokenId.toString()}`}
                title={title}
                image={nft.image}
                disabled={props.busy}
                actions={[{ label: t('myNfts.stake'), onSelect: () => props.onStake(nft) }]}
              />
            );
          })}
        </ul>
      ) : null}
      <div className="d-flex gap-2 mt-3">
        <Button className="btn-main" disabled={!props.canNext || props.fetching} onClick={props.onNext}>
          {t('myNfts.next')}
        </Button>
        <Button variant="outline-light" disabled={props.firstPage} onClick={props.onReset}>
          {t('myNfts.reset')}
        </Button>
      </div>
    </div>
  );
}
