import type { ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address } from '@/config/env';
import { getErc20Balance } from '@/lib/chain/contracts/erc20';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap';
import {
  otherToken,
  swapTokenAddress,
  swapTokenOf,
  takerCost,
  tokenDecimals,
  updateApproveAmount,
  type SwapToken,
  type SwapTokens,
} from '@/lib/chain/swap-math';
import { getSwapOrders } from '@/features/swap/api/get-swap-orders';
import { sameAddress } from '@/lib/format/address';
import { formatAmount } from '@/lib/format/numbers';

/**
 * The swap page's checks before any wallet prompt, read on chain at the moment of the action:
 * the order is still the one on screen and still open, and the account holds what it will pay.
 * Each returns the user's words, or null when nothing stands in the way.
 */

/** The order a view showed, as the chain has it now (same id, owner, token, amount and price), or why not. */
export type OrderCheck =
  { ok: true; order: SwapOrder } | { ok: false; reason: 'gone' | 'filled' | 'cancelled' | 'changed' };

export async function currentOrder(runner: ContractRunner, swap: Address, shown: SwapOrder): Promise<OrderCheck> {
  const orders = await getSwapOrders(runner, swap);
  const order = orders[shown.id];
  if (!order || !sameAddress(order.owner, shown.owner) || !sameAddress(order.tokenA, shown.tokenA)) {
    return { ok: false, reason: 'gone' };
  }
  if (order.status === ORDER_STATUS.filled) return { ok: false, reason: 'filled' };
  if (order.status === ORDER_STATUS.cancelled) return { ok: false, reason: 'cancelled' };
  if (order.amountA !== shown.amountA || order.price !== shown.price) return { ok: false, reason: 'changed' };
  return { ok: true, order };
}

const unitOf = (token: SwapToken) => (token === 'natura' ? 'NAT' : 'USDT');

function shortfall(
  t: TFunction<'swap'>,
  language: string,
  token: SwapToken,
  balance: bigint,
  needed: bigint,
): string | null {
  if (balance >= needed) return null;
  const format = (value: bigint) =>
    `${formatAmount(value, tokenDecimals(token), { places: 'exact', grouping: true }, language)} ${unitOf(token)}`;
  return t('problem.balance', { balance: format(balance), needed: format(needed) });
}

interface CheckContext {
  runner: ContractRunner;
  swap: Address;
  tokens: SwapTokens;
  account: Address;
  t: TFunction<'swap'>;
  language: string;
}

/** Trade: the order is unchanged and open, not the taker's own, and the taker holds its cost. */
export async function checkTrade(context: CheckContext, shown: SwapOrder): Promise<string | null> {
  const { runner, swap, tokens, account, t, language } = context;
  const check = await currentOrder(runner, swap, shown);
  if (!check.ok) return t(`problem.${check.reason}`);
  if (sameAddress(check.order.owner, account)) return t('problem.own');
  const tokenA = swapTokenOf(check.order.tokenA, tokens);
  const payWith = otherToken(tokenA);
  const balance = await getErc20Balance(runner, swapTokenAddress(payWith, tokens), account);
  return shortfall(t, language, payWith, balance, takerCost(check.order, tokenA));
}

/** Create: the maker holds the amount they deposit. */
export async function checkCreate(context: CheckContext, tokenA: SwapToken, amountA: bigint): Promise<string | null> {
  const { runner, tokens, account, t, language } = context;
  const balance = await getErc20Balance(runner, swapTokenAddress(tokenA, tokens), account);
  return shortfall(t, language, tokenA, balance, amountA);
}

/** Edit: the order is still open and, for a larger amount, the owner holds the difference. */
export async function checkUpdate(context: CheckContext, shown: SwapOrder, amountA: bigint): Promise<string | null> {
  const { runner, swap, tokens, account, t, language } = context;
  const check = await currentOrder(runner, swap, shown);
  if (!check.ok) return t(`problem.${check.reason}`);
  const extra = updateApproveAmount(check.order.amountA, amountA);
  if (extra === 0n) return null;
  const tokenA = swapTokenOf(check.order.tokenA, tokens);
  const balance = await getErc20Balance(runner, check.order.tokenA, account);
  return shortfall(t, language, tokenA, balance, extra);
}
