import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ChainActionStatus } from '@/components/chain-action-status';
import { WriteDialog } from '@/components/write-dialog';
import type { CheckoutMode } from '@/features/checkout/tx/preflight';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import type { Nft } from '@/lib/cms/types';
import { formatUsdt } from '@/lib/format/numbers';
import { useOutboxEntry } from '@/lib/tx/outbox/use-outbox';

export interface CheckoutDialogProps {
  nft: Nft;
  mode: CheckoutMode;
  /** The button's label: the NFT's status name ("Mint", "Buy Now"). */
  actionLabel: string;
  onHide: () => void;
}

/**
 * The checkout (spec §2 "Checkout dialog", ui-reference §9): the spec's texts, one button that
 * runs approve → mint / buy, every step shown while it runs, and after the chain confirms, the
 * record being saved. The dialog cannot be closed while a transaction is in flight.
 */
export default function CheckoutDialog({ nft, mode, actionLabel, onHide }: CheckoutDialogProps) {
  const { t, i18n } = useTranslation('nft');
  const { t: tx } = useTranslation('tx');
  const checkout = useCheckout(nft, mode);
  const { phase, error } = checkout.state;
  const record = useOutboxEntry(checkout.state.outboxIds[0]);
  const running = checkout.busy;
  const confirmed = phase === 'confirmed';
  const canStart = !running && !confirmed;

  return (
    <WriteDialog
      busy={running}
      onHide={onHide}
      contentClassName="checkout-dialog"
      titleId="checkout-title"
      title={t('checkout.title')}
      closeLabel={t('checkout.close')}
    >
      <Modal.Body>
        <p>{t('checkout.purchase', { name: nft.tokenName })}</p>
        <div className="d-flex justify-content-between checkout-price">
          <span>{t('checkout.itemPrice')}</span>
          <strong>{formatUsdt(nft.price, i18n.language)} USDT</strong>
        </div>
        {mode === 'buy' ? <p className="text-muted-tm small mt-2 mb-0">{t('checkout.saleFee')}</p> : null}
        {running ? <p className="fw-bold mt-3 mb-2">{tx('waiting')}</p> : null}
        <div className="mt-3">
          <ChainActionStatus state={checkout.state} />
        </div>
        {confirmed ? (
          <p className="alert alert-success small py-2 mb-2" role="status">
            {record.written
              ? t('checkout.done', { name: nft.tokenName })
              : record.entry?.state === 'needs-sign-in'
                ? t('checkout.savedAfterSignIn')
                : record.entry?.state === 'failed'
                  ? t('checkout.recordRefused', { error: record.entry.lastError ?? '' })
                  : record.entry?.lastError
                    ? t('checkout.recordWaiting', { error: record.entry.lastError })
                    : t('checkout.saving')}
          </p>
        ) : null}
        {confirmed ? (
          <Button className="btn-main w-100 mt-2" onClick={onHide}>
            {t('checkout.finish')}
          </Button>
        ) : (
          <Button
            className="btn-main w-100 mt-2"
            disabled={!canStart}
            onClick={() => void checkout.start()}
            aria-describedby="checkout-note"
          >
            {phase === 'failed' || phase === 'rejected' || phase === 'blocked' ? tx('tryAgain') : actionLabel}
          </Button>
        )}
        <p id="checkout-note" className="small mt-3 mb-0">
          {t('checkout.note')}
        </p>
        {error && phase === 'failed' ? <span className="visually-hidden">{error.message}</span> : null}
      </Modal.Body>
    </WriteDialog>
  );
}
