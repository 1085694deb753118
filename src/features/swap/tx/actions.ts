import type { ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address } from '@/config/env';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { cancelOrderFlow, createOrderFlow, tradeFlow, updateOrderFlow } from '@/features/swap/tx/flow';
import { planCancelOrder, planCreateOrder, planTakeOrder, planUpdateOrder } from '@/features/swap/tx/plan';
import { checkCancel, checkCreate, checkTrade, checkUpdate } from '@/features/swap/tx/preflight';
import type { OrderType } from '@/lib/chain/contracts/swap-order';
import type { SwapToken, SwapTokens } from '@/lib/chain/swap-math';
import { queryKeys } from '@/lib/query/keys';
import { problemOr, type ChainAction } from '@/lib/tx/use-chain-action';

/** Every swap write refreshes the book (and the dashboard's latest swap) once confirmed. */
const INVALIDATE = [queryKeys.chain.swapOrders(), queryKeys.chain.dashboard()] as const;

export interface SwapContext {
  runner: ContractRunner;
  swap: Address;
  tokens: SwapTokens;
  t: TFunction<'swap'>;
  language: string;
}

/** Pre-flight's word for a cancel of an order that is cancelled already: the spec's warning, no call. */
export const ALREADY_CANCELLED = 'already-cancelled';

/**
 * Take an order: pre-flight (read on chain: still open, unchanged, not one's own, balance ≥ P),
 * set the other token's allowance to exactly P, the same checks again right before `swap(id)`.
 */
export function tradeAction(order: OrderRow, context: SwapContext): ChainAction<OrderRow> {
  return {
    preflight: async ({ account }) => problemOr(await checkTrade({ ...context, account }, order), order),
    plan: ({ signer }, terms) => planTakeOrder(signer, { swap: context.swap, tokens: context.tokens, order: terms }),
    // The contract checks no order status (deployed-system.md §C9.4): read again after the approval.
    recheck: ({ account }, terms) => checkTrade({ ...context, account }, terms),
    action: (_context, terms) => tradeFlow.action({ orderId: terms.id }),
    invalidate: INVALIDATE,
  };
}

export interface NewListing {
  tokenA: SwapToken;
  amountA: bigint;
  price: bigint;
  orderType: OrderType;
}

/** Create a listing: balance check, approve tokenA for the amount, `createOrder`. */
export function createOrderAction(listing: NewListing, context: SwapContext): ChainAction<NewListing> {
  return {
    preflight: async ({ account }) =>
      problemOr(await checkCreate({ ...context, account }, listing.tokenA, listing.amountA), listing),
    plan: ({ signer }, terms) => planCreateOrder(signer, { swap: context.swap, tokens: context.tokens, ...terms }),
    action: () => createOrderFlow.action({}),
    invalidate: INVALIDATE,
  };
}

interface OrderEdit {
  order: OrderRow;
  amountA: bigint;
  price: bigint;
}

/**
 * Edit a listing: still open and one's own (read on chain), whole tokens, balance for an increase,
 * approve exactly the difference, the same checks again right before `updateOrder`.
 */
export function updateOrderAction(edit: OrderEdit, context: SwapContext): ChainAction<OrderEdit> {
  return {
    preflight: async ({ account }) =>
      problemOr(await checkUpdate({ ...context, account }, edit.order, edit.amountA), edit),
    plan: ({ signer }, terms) => planUpdateOrder(signer, { swap: context.swap, tokens: context.tokens, ...terms }),
    recheck: ({ account }, terms) => checkUpdate({ ...context, account }, terms.order, terms.amountA),
    action: (_context, terms) => updateOrderFlow.action({ orderId: terms.order.id }),
    invalidate: INVALIDATE,
  };
}

/**
 * Cancel a listing: still open and one's own, read on chain right before the prompt (a cancelled
 * one gets 'Already Cancelled!' and no prompt: a second cancel would refund again, deployed-system.md §C9.4).
 */
export function cancelOrderAction(order: OrderRow, context: SwapContext): ChainAction<OrderRow> {
  return {
    preflight: async ({ account }) => {
      const check = await checkCancel({ ...context, account }, order);
      if (check.ok) return { ok: true, terms: order };
      return { ok: false, problem: 'alreadyCancelled' in check ? ALREADY_CANCELLED : check.problem };
    },
    plan: ({ signer }, terms) => planCancelOrder(signer, { swap: context.swap, orderId: terms.id }),
    action: (_context, terms) => cancelOrderFlow.action({ orderId: terms.id }),
    invalidate: INVALIDATE,
  };
}
