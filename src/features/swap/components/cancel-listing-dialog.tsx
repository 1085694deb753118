import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { FigureAmount, TokenUsd } from '@/features/swap/components/swap-figure';
import { ALREADY_CANCELLED } from '@/features/swap/tx/actions';
import { useCancelListing } from '@/features/swap/hooks/use-swap-actions';
import { amountText, EXACT_STYLE, rowPerNatura } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';

/**
 * Cancels one open listing: the dialog names the order and what comes back (the whole deposit,
 * deployed-system.md §C9.4); its button is the one confirmation, like create, edit and trade. An order
 * cancelled meanwhile only warns.
 */
export function CancelListingDialog({ order, onHide }: { order: OrderRow; onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const cancel = useCancelListing();
  const { phase, problem } = cancel.state;
  // 'Already Cancelled!' is the whole answer: the pop-up, no dialog.
  useEffect(() => {
    if (phase === 'blocked' && problem === ALREADY_CANCELLED) onHide();
  }, [phase, problem, onHide]);
  return (
    <SwapActionModal
      kind="cancel"
      title={t('cancelDialog.title')}
      state={cancel.state}
      busy={cancel.busy}
      submitLabel={t('cancelDialog.submit')}
      onSubmit={() => void cancel.start(order)}
      onHide={onHide}
      closeLabel={t('cancelDialog.close')}
    >
      <p className="mb-2">
        {t('trade.order', { id: order.id })}: <FigureAmount figure="amount" value={order.amountA} token={order.token} />{' '}
        @ <FigureAmount figure="price" value={rowPerNatura(order)} token="usdt" />
      </p>
      <p className="mb-0" data-testid="cancel-refund">
        {t('cancelDialog.refund', { amount: amountText(order, i18n.language, EXACT_STYLE) })}{' '}
        <TokenUsd value={order.amountA} token={order.token} />
      </p>
    </SwapActionModal>
  );
}
