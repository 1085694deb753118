import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { FractionNote } from '@/features/swap/components/fraction-note';
import { SwapActionModal } from '@/features/swap/components/swap-action-modal';
import { TokenUsd } from '@/features/swap/components/swap-figure';
import { tradeApproval } from '@/features/swap/tx/plan';
import { useTradeOrder } from '@/features/swap/hooks/use-swap-actions';
import {
  amountText,
  EXACT_STYLE,
  priceText,
  rowPerNatura,
  sideKey,
  tokenText,
} from '@/features/swap/components/order-format';
import { PriceCheck, priceHold } from '@/features/swap/components/price-check';
import { usePriceReference } from '@/features/swap/hooks/use-price-reference';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { useChainSession } from '@/lib/tx/chain-session';
import { getCallRunner } from '@/lib/chain/call-runner';
import { fillAmounts, otherToken, uncharged } from '@/lib/chain/swap-math';
import { queryKeys } from '@/lib/query/keys';

/**
 * Taking one order: what the taker pays (P = price × whole tokens) and receives, to the unit, with
 * the exact split of deployed-system.md §C9.4; the fraction of a token that is not charged; and what the
 * approval step will do (set the allowance to exactly P, lowering a larger one first). Then the
 * trade through the shared path. What is paid and received carries its "≈ $". The effective price per Natura is
 * always compared with the reference; past 20 % the button sends nothing until the second confirmation is ticked.
 */
export function TradeDialog({ order, onHide }: { order: OrderRow; onHide: () => void }) {
  const { t, i18n } = useTranslation('swap');
  const trade = useTradeOrder();
  const { account } = useChainSession();
  const fill = fillAmounts(order, order.token);
  const language = i18n.language;
  const payWith = otherToken(order.token);
  const exact = (value: bigint, token = payWith) => tokenText(value, token, language, EXACT_STYLE);
  const approval = useQuery({
    queryKey: queryKeys.chain.swapAllowance(account ?? '', order.id),
    queryFn: () => {
      if (!account) throw new Error('The allowance needs a connected account.');
      const { addresses } = getConfig();
      return tradeApproval(getCallRunner(), {
        swap: addresses.swap,
        tokens: { usdt: addresses.usdt, natura: addresses.natura },
        order,
        account,
      });
    },
    enabled: Boolean(account),
  });
  const fraction = uncharged(order.amountA, order.token);
  const reference = usePriceReference();
  const perNatura = rowPerNatura(order);
  const [priceConfirmed, setPriceConfirmed] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const submit = () => {
    setAttempted(true);
    if (priceHold(perNatura, reference, priceConfirmed)) return;
    void trade.start(order);
  };
  return (
    <SwapActionModal
      kind="trade"
      title={t('trade.title')}
      state={trade.state}
      busy={trade.busy}
      submitLabel={t('trade.confirm')}
      onSubmit={submit}
      onHide={onHide}
      closeLabel={t('trade.close')}
    >
      <p className="mb-2">
        {t('trade.order', { id: order.id })} ({t(sideKey(order))}): {amountText(order, language, EXACT_STYLE)} @{' '}
        {priceText(order, language, EXACT_STYLE)}
        <FractionNote row={order} />
      </p>
      <dl className="swap-preview mb-0">
        <dt>{t('trade.pay')}</dt>
        <dd>
          <span data-testid="trade-pay">{exact(fill.takerPays)}</span>{' '}
          <TokenUsd value={fill.takerPays} token={payWith} />
        </dd>
        <dt>{t('trade.receive')}</dt>
        <dd>
          <span data-testid="trade-receive">{exact(fill.takerReceives, order.token)}</span>{' '}
          <TokenUsd value={fill.takerReceives} token={order.token} />
        </dd>
      </dl>
      <PriceCheck
        price={perNatura}
        reference={reference}
        confirmed={priceConfirmed}
        onConfirm={setPriceConfirmed}
        attempted={attempted}
      />
      {fraction > 0n ? (
        <p className="small mt-2 mb-0" data-testid="trade-fraction">
          {t('trade.fraction', { amount: exact(fraction, order.token) })}
        </p>
      ) : null}
      {approval.data && approval.data.kind !== 'none' ? (
        <p className="small mt-2 mb-0" data-testid="trade-approval">
          {approval.data.kind === 'lower'
            ? t('trade.allowanceLower', {
                token: t(`toolbar.${payWith}`),
                current: exact(approval.data.current),
                cost: exact(approval.data.cost),
              })
            : t('trade.approveExact', { cost: exact(approval.data.cost) })}
        </p>
      ) : null}
    </SwapActionModal>
  );
}
