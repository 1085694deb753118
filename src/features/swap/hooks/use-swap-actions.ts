import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { planCancelOrder, planCreateOrder, planTakeOrder, planUpdateOrder } from '@/features/swap/tx/plan';
import { ALREADY_CANCELLED, useSwapAction } from '@/features/swap/hooks/use-swap-action';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { checkCreate, checkTrade, checkUpdate, currentOrder } from '@/features/swap/tx/preflight';
import type { OrderType } from '@/lib/chain/contracts/swap';
import { getReadProvider } from '@/lib/chain/provider';
import type { SwapToken, SwapTokens } from '@/lib/chain/swap-math';
import { queryKeys } from '@/lib/query/keys';

/** Every swap write refreshes the book (and the dashboard's latest swap) once confirmed. */
const INVALIDATE = [queryKeys.chain.swapOrders(), queryKeys.chain.dashboard()] as const;

function useSwapContext() {
  const { t, i18n } = useTranslation('swap');
  return () => {
    const config = getConfig();
    const tokens: SwapTokens = { usdt: config.addresses.usdt, natura: config.addresses.natura };
    return { runner: getReadProvider(), swap: config.addresses.swap, tokens, t, language: i18n.language };
  };
}

/** Take an order: pre-flight (still open, unchanged, balance), approve the other token, `swap(id)`. */
export function useTradeOrder() {
  const action = useSwapAction('trade');
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow) => {
    const ctx = context();
    return action.start({
      title: t('job.trade', { id: order.id }),
      preflight: ({ account }) => checkTrade({ ...ctx, account }, order),
      plan: ({ signer }) => planTakeOrder(signer, { swap: ctx.swap, tokens: ctx.tokens, order }),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}

export interface NewListing {
  tokenA: SwapToken;
  amountA: bigint;
  price: bigint;
  orderType: OrderType;
}

/** Create a listing: balance check, approve tokenA for the amount, `createOrder`. */
export function useCreateListing() {
  const action = useSwapAction('create');
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (listing: NewListing) => {
    const ctx = context();
    return action.start({
      title: t('job.create'),
      preflight: ({ account }) => checkCreate({ ...ctx, account }, listing.tokenA, listing.amountA),
      plan: ({ signer }) => planCreateOrder(signer, { swap: ctx.swap, tokens: ctx.tokens, ...listing }),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}

/** Edit a listing: still open, balance for an increase, approve exactly the difference, `updateOrder`. */
export function useUpdateListing() {
  const action = useSwapAction('update');
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow, amountA: bigint, price: bigint) => {
    const ctx = context();
    return action.start({
      title: t('job.update', { id: order.id }),
      preflight: ({ account }) => checkUpdate({ ...ctx, account }, order, amountA),
      plan: ({ signer }) => planUpdateOrder(signer, { swap: ctx.swap, tokens: ctx.tokens, order, amountA, price }),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}

/** Cancel a listing: still open (a cancelled one never gets here: 'Already Cancelled!'), `cancelOrder`. */
export function useCancelListing() {
  const action = useSwapAction('cancel');
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow) => {
    const ctx = context();
    return action.start({
      title: t('job.cancel', { id: order.id }),
      preflight: async () => {
        const check = await currentOrder(ctx.runner, ctx.swap, order);
        if (check.ok || check.reason === 'changed') return null;
        return check.reason === 'cancelled' ? ALREADY_CANCELLED : t(`problem.${check.reason}`);
      },
      plan: ({ signer }) => planCancelOrder(signer, { swap: ctx.swap, orderId: order.id }),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}
