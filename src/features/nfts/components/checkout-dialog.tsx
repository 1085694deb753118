import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Nft } from '@/lib/cms/types';
import { formatUsdt } from '@/lib/format/numbers';

export type CheckoutMode = 'mint' | 'buy';

export interface CheckoutDialogProps {
  nft: Nft;
  mode: CheckoutMode;
  /** The button's label: the NFT's status name ("Mint", "Buy Now"). */
  actionLabel: string;
  show: boolean;
  onHide: () => void;
}

/**
 * The checkout dialog's shell with the spec's texts. The purchase itself (approve, then mint or
 * market sale, record the transaction; contracts.md §5.1–5.2, spec §4 "Checkout") belongs to the
 * checkout issue that follows this one: that issue supplies the action button's handler and the
 * "Waiting for Transaction..." state. Until then the button is shown but disabled.
 */
export function CheckoutDialog({ nft, mode, actionLabel, show, onHide }: CheckoutDialogProps) {
  const { t, i18n } = useTranslation('nft');
  return (
    <Modal show={show} onHide={onHide} centered contentClassName="checkout-dialog" aria-labelledby="checkout-title">
      <Modal.Header closeButton closeVariant="white" closeLabel={t('checkout.close')}>
        <Modal.Title id="checkout-title">{t('checkout.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('checkout.purchase', { name: nft.tokenName })}</p>
        <div className="d-flex justify-content-between checkout-price">
          <span>{t('checkout.itemPrice')}</span>
          <strong>{formatUsdt(nft.price, i18n.language)} USDT</strong>
        </div>
        {mode === 'buy' ? <p className="text-muted-tm small mt-2 mb-0">{t('checkout.saleFee')}</p> : null}
        <button type="button" className="btn btn-main w-100 mt-3" disabled aria-describedby="checkout-not-yet">
          {actionLabel}
        </button>
        <p id="checkout-not-yet" className="small text-muted-tm mt-2 mb-0">
          {t('checkout.notYet')}
        </p>
        <p className="small mt-3 mb-0">{t('checkout.note')}</p>
      </Modal.Body>
    </Modal>
  );
}
