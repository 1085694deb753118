import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { explorerTxUrl } from '@/config/explorer';
import { actionTitle } from '@/lib/tx/flow';
import { removePendingTransaction, type PendingTransaction } from '@/lib/tx/pending-store';
import { dismissOutboxEntry, retryOutboxEntry, type OutboxRecord } from '@/lib/tx/outbox/outbox-store';
import { shortAddress } from '@/lib/format/address';

/** The list behind the header's transactions control. */
export default function TransactionsPanel({
  pending,
  outbox,
  onSignIn,
}: {
  pending: readonly PendingTransaction[];
  outbox: readonly OutboxRecord[];
  onSignIn: () => void;
}) {
  const { t } = useTranslation('tx');
  const { t: tp } = useTranslation('pending');
  return (
    <section id="transactions-panel" className="transactions-panel surface p-3" aria-label={t('outbox.title')}>
      <h2 className="h6">{t('outbox.title')}</h2>
      <ul className="list-unstyled small mb-0">
        {pending.map((tx) => (
          <li key={tx.hash} className="mb-2">
            <strong className="d-block">{actionTitle(tx, tp)}</strong>
            <span>{t(`outbox.${tx.status}`)}</span>
            {' · '}
            {tx.batch ? (
              // The wallet's batch id: the chain has no page for it until the batch is mined.
              <span title={tx.hash}>{t('outbox.batch')}</span>
            ) : explorerTxUrl(tx.hash) ? (
              <a href={explorerTxUrl(tx.hash) ?? undefined} target="_blank" rel="noreferrer">
                {t('viewOnExplorer')} ({shortAddress(tx.hash)})
              </a>
            ) : (
              <span title={tx.hash}>{shortAddress(tx.hash)}</span>
            )}
            {tx.status !== 'pending' ? (
              <PanelAction onClick={() => removePendingTransaction(tx.hash)}>{t('outbox.dismiss')}</PanelAction>
            ) : null}
          </li>
        ))}
        {outbox.map((entry) =>
          entry.state === 'unreadable' ? (
            <li key={entry.id} className="mb-2">
              <strong className="d-block">
                {entry.action || entry.title ? actionTitle(entry, tp) : t('outbox.unreadableTitle')}
              </strong>
              <span>{t('outbox.unreadable')}</span>
              <PanelAction onClick={() => dismissOutboxEntry(entry.id)}>{t('outbox.dismiss')}</PanelAction>
              <small className="d-block text-muted text-break">{entry.problem}</small>
            </li>
          ) : (
            <li key={entry.id} className="mb-2">
              <strong className="d-block">{actionTitle(entry, tp)}</strong>
              <span>
                {entry.state === 'waiting' && entry.lastError
                  ? t('outbox.waitingError', { error: entry.lastError })
                  : entry.state === 'needs-sign-in'
                    ? t('outbox.needs-sign-in', { address: shortAddress(entry.account), title: actionTitle(entry, tp) })
                    : t(`outbox.${entry.state}`, { error: entry.lastError ?? '' })}
              </span>
              {entry.state === 'needs-sign-in' ? (
                <PanelAction onClick={onSignIn}>{t('outbox.signIn')}</PanelAction>
              ) : null}
              {entry.state !== 'needs-sign-in' && (entry.state === 'failed' || entry.lastError) ? (
                <PanelAction onClick={() => retryOutboxEntry(entry.id)}>{t('outbox.retry')}</PanelAction>
              ) : null}
              {entry.state === 'failed' ? (
                <PanelAction onClick={() => dismissOutboxEntry(entry.id)}>{t('outbox.dismiss')}</PanelAction>
              ) : null}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** A small text button next to an entry of the panel (Dismiss, Retry, Sign in). */
function PanelAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-link btn-sm p-0 ms-2" onClick={onClick}>
      {children}
    </button>
  );
}
