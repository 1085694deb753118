import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { explorerTxUrl } from '@/config/explorer';
import { actionTitle, type ActionSubject } from '@/lib/tx/flow';
import type { PendingStatus } from '@/lib/tx/pending-store';

/** How a transaction picked up in the background (after a reload, in another tab) ended. */
export interface TransactionOutcome {
  hash: string;
  /** The hash that was mined when it differs (a speed-up in the wallet). */
  minedHash?: string;
  /** What it was for: its title is asked of its flow. */
  subject: ActionSubject;
  /** 'confirmed', or the status it was left in ('reverted', 'dropped', …). */
  outcome: 'confirmed' | PendingStatus;
}

/**
 * The toasts that say how a resumed transaction ended, each with its explorer link (none on a chain
 * without an explorer, like the local stack's). They stay until closed: the user may be elsewhere.
 */
export default function TransactionToasts({
  outcomes,
  onClose,
}: {
  outcomes: readonly TransactionOutcome[];
  onClose: (hash: string) => void;
}) {
  const { t } = useTranslation('pending');
  const { t: tx } = useTranslation('tx');
  return (
    <ToastContainer position="bottom-end" className="p-3 position-fixed" aria-label={t('toast.label')}>
      {outcomes.map(({ hash, minedHash, subject, outcome }) => {
        const title = actionTitle(subject, t);
        const link = explorerTxUrl(minedHash ?? hash);
        return (
          <Toast
            key={hash}
            onClose={() => onClose(hash)}
            bg={outcome === 'confirmed' ? 'success' : 'danger'}
            role={outcome === 'confirmed' ? 'status' : 'alert'}
          >
            <Toast.Header closeLabel={t('toast.close')} closeVariant="white">
              <strong className="me-auto">{tx('outbox.title')}</strong>
            </Toast.Header>
            <Toast.Body className="text-white">
              {outcome === 'confirmed'
                ? t('toast.confirmed', { title })
                : t('toast.failed', { title, status: tx(`outbox.${outcome}`) })}
              {link ? (
                <>
                  {' '}
                  <a href={link} target="_blank" rel="noopener noreferrer" className="text-white">
                    {tx('viewOnExplorer')}
                  </a>
                </>
              ) : null}
            </Toast.Body>
          </Toast>
        );
      })}
    </ToastContainer>
  );
}
