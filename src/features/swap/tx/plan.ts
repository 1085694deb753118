import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import {
  cancelOrder,
  createOrder,
  swapOrder,
  updateOrder,
  type OrderType,
  type SwapOrder,
} from '@/lib/chain/contracts/swap';
import {
  otherToken,
  swapTokenAddress,
  swapTokenOf,
  takerCost,
  updateApproveAmount,
  type SwapToken,
  type SwapTokens,
} from '@/lib/chain/swap-math';
import { planTokenAllowance, type TxPlan } from '@/lib/tx/plan';

/** Order-book flows of contracts.md §5.7. */

const TOKEN_NAMES: Record<SwapToken, string> = { natura: 'Natura', usdt: 'USDT' };

/** Maker: approve `amountA` of tokenA to the swap contract (when needed), then `createOrder`. */
export async function planCreateOrder(
  signer: Signer,
  params: {
    swap: Address;
    tokens: SwapTokens;
    tokenA: SwapToken;
    amountA: bigint;
    price: bigint;
    orderType: OrderType;
  },
): Promise<TxPlan> {
  const tokenA = swapTokenAddress(params.tokenA, params.tokens);
  return [
    ...(await planTokenAllowance(signer, tokenA, TOKEN_NAMES[params.tokenA], params.swap, params.amountA)),
    createOrder(signer, params.swap, {
      tokenA,
      amountA: params.amountA,
      price: params.price,
      orderType: params.orderType,
    }),
  ];
}

/** Taker: approve the other token for amountA × price (rounded up) when needed, then `swap(order.id)`. */
export async function planTakeOrder(
  signer: Signer,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder },
): Promise<TxPlan> {
  const tokenA = swapTokenOf(params.order.tokenA, params.tokens);
  const payWith = otherToken(tokenA);
  const cost = takerCost(params.order, tokenA);
  return [
    ...(await planTokenAllowance(
      signer,
      swapTokenAddress(payWith, params.tokens),
      TOKEN_NAMES[payWith],
      params.swap,
      cost,
    )),
    swapOrder(signer, params.swap, params.order.id),
  ];
}

/**
 * Owner edit of an open order. `amountA` / `price` left undefined or 0 keep the on-chain value
 * (spec: blank or zero inputs keep the existing value). An increase first approves only the
 * difference; a decrease needs no approve (the contract refunds).
 */
export async function planUpdateOrder(
  signer: Signer,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder; amountA?: bigint; price?: bigint },
): Promise<TxPlan> {
  const amountA = params.amountA ? params.amountA : params.order.amountA;
  const price = params.price ? params.price : params.order.price;
  const tokenA = swapTokenOf(params.order.tokenA, params.tokens);
  const extra = updateApproveAmount(params.order.amountA, amountA);
  return [
    ...(await planTokenAllowance(signer, params.order.tokenA, TOKEN_NAMES[tokenA], params.swap, extra)),
    updateOrder(signer, params.swap, params.order.id, amountA, price),
  ];
}

/** Owner cancel of an open order: one call, no approval. */
export function planCancelOrder(signer: Signer, params: { swap: Address; orderId: number }): Promise<TxPlan> {
  return Promise.resolve([cancelOrder(signer, params.swap, params.orderId)]);
}
