import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { ALREADY_CANCELLED } from '@/features/swap/hooks/use-swap-action';
import { useCancelListing } from '@/features/swap/hooks/use-swap-actions';
import { amountText, priceText } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';

/** Cancels one open listing at once and shows its transaction; an order cancelled meanwhile only warns. */
export function CancelListingDialog({ order, onHide }: { order: OrderRow; onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const cancel = useCancelListing();
  const { phase, problem } = cancel.state;
  const { start } = cancel;
  const started = useRef(false);
  useEffect(() => {
    // Started once, when the dialog opens.
    if (started.current) return;
    started.current = true;
    void start(order);
  }, [start, order]);
  // 'Already Cancelled!' is the whole answer: the pop-up, no dialog.
  useEffect(() => {
    if (phase === 'blocked' && problem === ALREADY_CANCELLED) onHide();
  }, [phase, problem, onHide]);
  return (
    <SwapActionModal
      title={t('cancelDialog.title')}
      state={cancel.state}
      busy={cancel.busy}
      submitLabel={t('table.cancel')}
      onSubmit={() => void start(order)}
      onHide={onHide}
      closeLabel={t('cancelDialog.close')}
    >
      <p className="mb-0">
        {t('trade.order', { id: order.id })}: {amountText(order, i18n.language)} @ {priceText(order, i18n.language)}
      </p>
    </SwapActionModal>
  );
}
