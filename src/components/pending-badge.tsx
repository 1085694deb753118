import '@/components/pending-badge.css';
import { useTranslation } from 'react-i18next';
import { actionTitle } from '@/lib/tx/flow';
import type { PendingItem } from '@/lib/tx/use-pending-item';

/**
 * The "Pending…" / "Record pending" mark of an item whose action is under way
 * (see use-pending-item.ts). Screens put it beside the action they disable.
 */
export function PendingBadge({ item, className = '' }: { item: PendingItem; className?: string }) {
  const { t } = useTranslation('pending');
  return (
    <span
      className={`badge pending-badge pending-badge-${item.stage} ${className}`.trim()}
      title={t(item.stage === 'chain' ? 'badge.chainTitle' : 'badge.recordTitle', {
        title: actionTitle(item.subject, t),
      })}
    >
      {item.stage === 'chain' ? <span className="pending-badge-dot" aria-hidden="true" /> : null}
      {t(item.stage === 'chain' ? 'badge.chain' : 'badge.record')}
    </span>
  );
}
