import '@/components/pending-badge.css';
import { useTranslation } from 'react-i18next';
import type { PendingItem } from '@/lib/tx/use-pending-item';

/**
 * The "Pending…" / "Record pending" mark of an NFT whose purchase, listing or release is under way
 * (see use-pending-item.ts). Screens put it beside the action they disable.
 */
export function PendingBadge({ item, className = '' }: { item: PendingItem; className?: string }) {
  const { t } = useTranslation('pending');
  return (
    <span
      className={`badge pending-badge pending-badge-${item.stage} ${className}`.trim()}
      title={t(item.stage === 'chain' ? 'badge.chainTitle' : 'badge.recordTitle', { title: item.title })}
    >
      {item.stage === 'chain' ? <span className="pending-badge-dot" aria-hidden="true" /> : null}
      {t(item.stage === 'chain' ? 'badge.chain' : 'badge.record')}
    </span>
  );
}
