import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { planCancelOrder, planCreateOrder, planTakeOrder, planUpdateOrder } from '@/features/swap/tx/plan';
import { ALREADY_CANCELLED, useSwapAction } from '@/features/swap/hooks/use-swap-action';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { checkCancel, checkCreate, checkTrade, checkUpdate } from '@/features/swap/tx/preflight';
import type { OrderType } from '@/lib/chain/contracts/swap-order';
import { getCallRunner } from '@/lib/chain/call-runner';
import type { SwapToken, SwapTokens } from '@/lib/chain/swap-math';
import { queryKeys } from '@/lib/query/keys';

/** Every swap write refreshes the book (and the dashboard's latest swap) once confirmed. */
const INVALIDATE = [queryKeys.chain.swapOrders(), queryKeys.chain.dashboard()] as const;

function useSwapContext() {
  const { t, i18n } = useTranslation('swap');
  return () => {
    const config = getConfig();
    const tokens: SwapTokens = { usdt: config.addresses.usdt, natura: config.addresses.natura };
    return { runner: getCallRunner(), swap: config.addresses.swap, tokens, t, language: i18n.language };
  };
}

/**
 * Take an order: pre-flight (read on chain: still open, unchanged, not one's own, balance ≥ P),
 * set the other token's allowance to exactly P, the same checks again right before `swap(id)`.
 */
export function useTradeOrder() {
  const action = useSwapAction();
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow) => {
    const ctx = context();
    return action.start({
      title: t('job.trade', { id: order.id }),
      preflight: ({ account }) => checkTrade({ ...ctx, account }, order),
      plan: ({ signer }) => planTakeOrder(signer, { swap: ctx.swap, tokens: ctx.tokens, order }),
      // The contract checks no order status (deployed-system.md §C9.4): read again after the approval.
      recheck: ({ account }) => checkTrade({ ...ctx, account }, order),
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
  const action = useSwapAction();
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

/**
 * Edit a listing: still open and one's own (read on chain), whole tokens, balance for an increase,
 * approve exactly the difference, the same checks again right before `updateOrder`.
 */
export function useUpdateListing() {
  const action = useSwapAction();
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow, amountA: bigint, price: bigint) => {
    const ctx = context();
    return action.start({
      title: t('job.update', { id: order.id }),
      preflight: ({ account }) => checkUpdate({ ...ctx, account }, order, amountA),
      plan: ({ signer }) => planUpdateOrder(signer, { swap: ctx.swap, tokens: ctx.tokens, order, amountA, price }),
      recheck: ({ account }) => checkUpdate({ ...ctx, account }, order, amountA),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}

/**
 * Cancel a listing: still open and one's own, read on chain right before the prompt (a cancelled
 * one gets 'Already Cancelled!' and no prompt: a second cancel would refund again, deployed-system.md §C9.4).
 */
export function useCancelListing() {
  const action = useSwapAction();
  const context = useSwapContext();
  const { t } = useTranslation('swap');
  const start = (order: OrderRow) => {
    const ctx = context();
    return action.start({
      title: t('job.cancel', { id: order.id }),
      preflight: async ({ account }) => {
        const check = await checkCancel({ ...ctx, account }, order);
        if (check.ok) return null;
        return 'alreadyCancelled' in check ? ALREADY_CANCELLED : check.problem;
      },
      plan: ({ signer }) => planCancelOrder(signer, { swap: ctx.swap, orderId: order.id }),
      invalidate: INVALIDATE,
    });
  };
  return { ...action, start };
}
