import '@/components/nft-card.css';
import { useTranslation } from 'react-i18next';
import { AppImage } from '@/components/app-image';
import { PendingBadge } from '@/components/pending-badge';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { usePendingItem } from '@/lib/tx/use-pending-item';
import { SelectBox } from '@/features/profile/components/bulk-bar';

/** A Collected card (deployed-system.md §P2.9): image, name, collection name, List Now. */
export function WalletNftCard({
  nft,
  onList,
  selected,
  onSelect,
}: {
  nft: IndexedNft;
  onList: (nft: IndexedNft) => void;
  /** Picked for a bulk listing (issue 40.2). */
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const name = nft.name ?? t('card.untitled', { id: nft.tokenId.toString() });
  // A listing already sent for this token: a second one would only revert.
  const pending = usePendingItem({ contract: nft.contract, tokenId: nft.tokenId });
  return (
    <article className="nft-card surface profile-card">
      <div className="nft-card-media">
        <AppImage src={nft.image} alt="" className="nft-card-image" />
        {pending ? <PendingBadge item={pending} /> : null}
      </div>
      <div className="nft-card-body">
        <h3 className="nft-card-title">{name}</h3>
        <p className="profile-card-collection text-muted-tm small">{nft.collectionName ?? '—'}</p>
        <div className="profile-card-actions">
          <SelectBox name={name} selected={selected} disabled={pending !== null} onSelect={onSelect} />
          <button
            type="button"
            className="btn btn-main btn-sm"
            aria-label={t('collected.listNowFor', { name })}
            disabled={pending !== null}
            onClick={() => onList(nft)}
          >
            {t('collected.listNow')}
          </button>
        </div>
      </div>
    </article>
  );
}
