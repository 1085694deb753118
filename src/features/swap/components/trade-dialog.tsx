import { useTranslation } from 'react-i18next';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { useTradeOrder } from '@/features/swap/hooks/use-swap-actions';
import { amountText, EXACT_STYLE, priceText, tokenText } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { fillAmounts, otherToken } from '@/lib/chain/swap-math';

/**
 * Taking one order: what the taker pays and receives, to the unit (the reference contract's split,
 * 4 % kept on each side), then approve the other token (when the allowance falls short) and swap.
 */
export function TradeDialog({ order, onHide }: { order: OrderRow; onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const trade = useTradeOrder();
  const fill = fillAmounts(order, order.token);
  const language = i18n.language;
  return (
    <SwapActionModal
      title={t('trade.title')}
      state={trade.state}
      busy={trade.busy}
      submitLabel={t('trade.confirm')}
      onSubmit={() => void trade.start(order)}
      onHide={onHide}
      closeLabel={t('trade.close')}
    >
      <p className="mb-2">
        {t('trade.order', { id: order.id })}: {amountText(order, language, EXACT_STYLE)} @{' '}
        {priceText(order, language, EXACT_STYLE)}
      </p>
      <dl className="swap-preview mb-0">
        <dt>{t('trade.pay')}</dt>
        <dd data-testid="trade-pay">{tokenText(fill.takerPays, otherToken(order.token), language, EXACT_STYLE)}</dd>
        <dt>{t('trade.receive')}</dt>
        <dd data-testid="trade-receive">{tokenText(fill.takerReceives, order.token, language, EXACT_STYLE)}</dd>
      </dl>
    </SwapActionModal>
  );
}
