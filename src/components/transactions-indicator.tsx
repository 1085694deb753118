import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { pendingStore, type PendingTransaction } from '@/lib/tx/pending-store';
import { outboxStore, type OutboxEntry } from '@/lib/tx/outbox/outbox-store';

const TransactionsPanel = lazy(() => import('@/components/transactions-panel'));

/**
 * A small header control that appears while transactions wait for the chain or their records
 * wait for the CMS, and opens the list of what each one is for (with Retry / Dismiss where the
 * user has a say). Invisible when there is nothing in progress.
 */
export function TransactionsIndicator({ onSignIn }: { onSignIn: () => void }) {
  const pending = useSyncExternalStore(pendingStore.subscribe, pendingStore.read);
  const outbox = useSyncExternalStore(outboxStore.subscribe, outboxStore.read);
  if (pending.length + outbox.length === 0) return null;
  // Its texts load with it (the tx namespace is not part of the first page).
  return (
    <Suspense fallback={null}>
      <TransactionsButton pending={pending} outbox={outbox} onSignIn={onSignIn} />
    </Suspense>
  );
}

function TransactionsButton({
  pending,
  outbox,
  onSignIn,
}: {
  pending: PendingTransaction[];
  outbox: OutboxEntry[];
  onSignIn: () => void;
}) {
  const { t } = useTranslation('tx');
  const [open, setOpen] = useState(false);
  const count = pending.length + outbox.length;
  const attention = outbox.some((entry) => entry.state !== 'waiting') || pending.some((tx) => tx.status !== 'pending');

  return (
    <div className="transactions-indicator position-relative">
      <button
        type="button"
        className={`btn btn-outline-light btn-sm${attention ? ' needs-attention' : ''}`}
        aria-expanded={open}
        aria-controls="transactions-panel"
        onClick={() => setOpen((value) => !value)}
      >
        {attention ? null : <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {t('outbox.open', { count })}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TransactionsPanel pending={pending} outbox={outbox} onSignIn={onSignIn} />
        </Suspense>
      ) : null}
    </div>
  );
}
