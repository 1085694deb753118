import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import type { ChainActionState } from '@/lib/tx/use-chain-action';

/**
 * The blocking 'Waiting for Transaction...' modal (deployed-system.md §P2.10): it cannot be closed while
 * the action runs, and shows each step ("1 of 2 — approve Terra Genesis") with its explorer link.
 */
export function WaitModal({ show, state }: { show: boolean; state: ChainActionState }) {
  const { t } = useTranslation('tx');
  return (
    <WriteDialog show={show} busy titleId="staking-wait-title">
      <Modal.Body className="text-center">
        <Spinner animation="border" className="mb-3" aria-hidden="true" />
        <p id="staking-wait-title" className="fw-bold">
          {t('waiting')}
        </p>
        <div className="text-start">
          <ChainActionStatus state={state} />
        </div>
      </Modal.Body>
    </WriteDialog>
  );
}
