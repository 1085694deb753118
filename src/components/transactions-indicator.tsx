import '@/components/transactions-indicator.css';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { pendingStore, type PendingTransaction } from '@/lib/tx/pending-store';
import { outboxStore, type OutboxRecord } from '@/lib/tx/outbox/outbox-store';

const TransactionsOffcanvas = lazy(() => import('@/components/transactions-offcanvas'));

/**
 * A small header control that appears while transactions wait for the chain or their records
 * wait for the CMS, and opens the list of what each one is for (with Retry / Dismiss where the
 * user has a say). Invisible when there is nothing in progress. It sits outside the collapsing
 * menu, so a phone shows the count with the menu closed, and it has a fixed size (an icon and the
 * count; the words are its accessible name and tooltip), so it never wraps the navigation.
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
  outbox: OutboxRecord[];
  onSignIn: () => void;
}) {
  const { t } = useTranslation('tx');
  const [open, setOpen] = useState(false);
  const count = pending.length + outbox.length;
  const attention = outbox.some((entry) => entry.state !== 'waiting') || pending.some((tx) => tx.status !== 'pending');
  const label = t('outbox.open', { count });

  return (
    <>
      <button
        type="button"
        className={`transactions-indicator btn btn-outline-light btn-sm${attention ? ' needs-attention' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {attention ? (
          <span className="transactions-indicator-mark" aria-hidden="true">
            !
          </span>
        ) : (
          <Spinner animation="border" size="sm" aria-hidden="true" />
        )}
        <span className="transactions-indicator-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TransactionsOffcanvas pending={pending} outbox={outbox} onSignIn={onSignIn} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
