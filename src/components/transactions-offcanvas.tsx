import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import TransactionsPanel from '@/components/transactions-panel';
import type { PendingTransaction } from '@/lib/tx/pending-store';
import type { OutboxRecord } from '@/lib/tx/outbox/outbox-store';

/**
 * The header's transactions list in an offcanvas at the side of the screen, so that a
 * long list never stretches the header, and Escape, a click outside it and its close button all close it.
 */
export default function TransactionsOffcanvas({
  pending,
  outbox,
  onSignIn,
  onHide,
}: {
  pending: readonly PendingTransaction[];
  outbox: readonly OutboxRecord[];
  onSignIn: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation('tx');
  const { t: tp } = useTranslation('pending');
  return (
    <Offcanvas
      show
      onHide={onHide}
      placement="end"
      id="transactions-panel"
      className="transactions-offcanvas"
      aria-label={t('outbox.title')}
    >
      <Offcanvas.Header closeButton closeVariant="white" closeLabel={tp('panel.close')} />
      <Offcanvas.Body className="pt-0">
        <TransactionsPanel
          pending={pending}
          outbox={outbox}
          onSignIn={() => {
            // The wallet's own dialog opens next: the list makes way for it.
            onHide();
            onSignIn();
          }}
        />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
