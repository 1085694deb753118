import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import { presentSwapState } from '@/features/swap/components/revert-messages';
import { OUTCOME, type SwapActionKind } from '@/features/swap/hooks/use-swap-action';
import type { ChainActionState } from '@/lib/tx/use-chain-action';

export interface SwapActionModalProps {
  /** Which action: the spec's words for its success or failure, said here and nowhere else. */
  kind: SwapActionKind;
  title: string;
  state: ChainActionState;
  busy: boolean;
  /** The button that starts (or retries) the action; hidden once it is confirmed. */
  submitLabel: string;
  onSubmit: () => void;
  onHide: () => void;
  closeLabel: string;
  children: ReactNode;
}

/**
 * The frame of every swap dialog: its content, the shared step list (approve, then the call;
 * explorer links; rejected vs reverted vs network), one submit button — the action's only
 * confirmation — and its outcome in the spec's words (one report, no pop-up on top). It cannot be
 * closed while a transaction is in flight.
 */
export function SwapActionModal({
  kind,
  title,
  state,
  busy,
  submitLabel,
  onSubmit,
  onHide,
  closeLabel,
  children,
}: SwapActionModalProps) {
  const { t } = useTranslation('swap');
  const { t: tx } = useTranslation('tx');
  const { phase } = state;
  const confirmed = phase === 'confirmed';
  const presented = presentSwapState(state, t);
  const outcome = confirmed ? OUTCOME[kind].ok : presented.phase === 'failed' ? OUTCOME[kind].failed : null;
  return (
    <WriteDialog
      busy={busy}
      onHide={onHide}
      contentClassName="checkout-dialog"
      titleId="swap-dialog-title"
      title={title}
      closeLabel={closeLabel}
    >
      <Modal.Body>
        {children}
        {busy ? <p className="fw-bold mt-3 mb-2">{tx('waiting')}</p> : null}
        <div className="mt-3">
          <ChainActionStatus state={presented} />
        </div>
        {outcome ? (
          <p className="fw-bold mb-2" role="status" data-testid="swap-outcome">
            {outcome.title ? `${t(`alerts.title.${outcome.title}`)} ` : null}
            {t(`alerts.text.${outcome.text}`)}
          </p>
        ) : null}
        {confirmed ? (
          <Button className="btn-main w-100 mt-2" onClick={onHide}>
            {t('trade.done')}
          </Button>
        ) : (
          <Button className="btn-main w-100 mt-2" disabled={busy || phase === 'connecting'} onClick={onSubmit}>
            {phase === 'failed' || phase === 'rejected' ? tx('tryAgain') : submitLabel}
          </Button>
        )}
      </Modal.Body>
    </WriteDialog>
  );
}
