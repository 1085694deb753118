import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { useSwapAction } from '@/features/swap/hooks/use-swap-action';
import type { OrderRow } from '@/features/swap/hooks/orders';
import {
  cancelOrderAction,
  createOrderAction,
  tradeAction,
  updateOrderAction,
  type NewListing,
  type SwapContext,
} from '@/features/swap/tx/actions';
import { getCallRunner } from '@/lib/chain/call-runner';

function useSwapContext() {
  const { t, i18n } = useTranslation('swap');
  return (): SwapContext => {
    const config = getConfig();
    const tokens = { usdt: config.addresses.usdt, natura: config.addresses.natura };
    return { runner: getCallRunner(), swap: config.addresses.swap, tokens, t, language: i18n.language };
  };
}

/** Take an order through the shared action path (the flow: ../tx/). */
export function useTradeOrder() {
  const action = useSwapAction();
  const context = useSwapContext();
  const start = (order: OrderRow) => action.start(tradeAction(order, context()));
  return { ...action, start };
}

/** Create a listing through the shared action path. */
export function useCreateListing() {
  const action = useSwapAction();
  const context = useSwapContext();
  const start = (listing: NewListing) => action.start(createOrderAction(listing, context()));
  return { ...action, start };
}

/** Edit a listing through the shared action path. */
export function useUpdateListing() {
  const action = useSwapAction();
  const context = useSwapContext();
  const start = (order: OrderRow, amountA: bigint, price: bigint) =>
    action.start(updateOrderAction({ order, amountA, price }, context()));
  return { ...action, start };
}

/** Cancel a listing through the shared action path. */
export function useCancelListing() {
  const action = useSwapAction();
  const context = useSwapContext();
  const start = (order: OrderRow) => action.start(cancelOrderAction(order, context()));
  return { ...action, start };
}
