import type { ContractRunner, Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asStep, signerAddress } from '@/lib/chain/contract-call';
import { approveErc20, getErc20Allowance } from '@/lib/chain/contracts/erc20';
import { cancelOrder, createOrder, swapOrder, updateOrder } from '@/lib/chain/contracts/swap';
import type { OrderType, SwapOrder } from '@/lib/chain/contracts/swap-order';
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

/** Order-book flows of deployed-system.md §C5.7. */

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
    asStep(
      'create-order',
      createOrder(signer, params.swap, {
        tokenA,
        amountA: params.amountA,
        price: params.price,
        orderType: params.orderType,
      }),
    ),
  ];
}

/**
 * The taker's approval of a trade (deployed-system.md §C9.4): the allowance of the paying token to the swap
 * contract must be exactly P, never more, because the maker can raise the price with
 * `updateOrder` between the approval and the trade (deployed-system.md §C9.4) and the contract would pull the larger
 * amount. `kind` says what the plan does: nothing (already exactly P), raise it to P, or first
 * lower a larger leftover allowance to P. Both deployed tokens replace an allowance in one
 * `approve` (USDT is the Polygon PoS child token, an OpenZeppelin ERC-20, deployed-system.md §C3), so no
 * `approve(0)` step is needed.
 */
export interface TradeApproval {
  token: SwapToken;
  /** The allowance the swap contract has now, in the paying token's base units. */
  current: bigint;
  /** P, what the trade pulls. */
  cost: bigint;
  kind: 'none' | 'raise' | 'lower';
}

export async function tradeApproval(
  runner: ContractRunner,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder; account: Address },
): Promise<TradeApproval> {
  const tokenA = swapTokenOf(params.order.tokenA, params.tokens);
  const token = otherToken(tokenA);
  const cost = takerCost(params.order, tokenA);
  const current = await getErc20Allowance(runner, swapTokenAddress(token, params.tokens), params.account, params.swap);
  return { token, current, cost, kind: current === cost ? 'none' : current > cost ? 'lower' : 'raise' };
}

/** Taker: set the other token's allowance to exactly P when it is not already, then `swap(order.id)`. */
export async function planTakeOrder(
  signer: Signer,
  params: { swap: Address; tokens: SwapTokens; order: SwapOrder },
): Promise<TxPlan> {
  const account = await signerAddress(signer);
  const approval = await tradeApproval(signer, { ...params, account });
  return [
    ...(approval.kind === 'none'
      ? []
      : [
          approveErc20(
            signer,
            swapTokenAddress(approval.token, params.tokens),
            params.swap,
            approval.cost,
            TOKEN_NAMES[approval.token],
          ),
        ]),
    asStep('trade', swapOrder(signer, params.swap, params.order.id)),
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
    asStep('update-order', updateOrder(signer, params.swap, params.order.id, amountA, price)),
  ];
}

/** Owner cancel of an open order: one call, no approval. */
export function planCancelOrder(signer: Signer, params: { swap: Address; orderId: number }): Promise<TxPlan> {
  return Promise.resolve([asStep('cancel-order', cancelOrder(signer, params.swap, params.orderId))]);
}
