import { isError, type ContractRunner } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address } from '@/config/env';
import { getErc20Balance } from '@/lib/chain/contracts/erc20';
import { getOrderById } from '@/lib/chain/contracts/swap';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import {
  otherToken,
  swapTokenAddress,
  swapTokenOf,
  isWholeAmount,
  takerCost,
  tokenDecimals,
  updateApproveAmount,
  type SwapToken,
  type SwapTokens,
} from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';
import { formatAmount } from '@/lib/format/numbers';

/**
 * The swap page's checks before any wallet prompt, read on chain at the moment of the action:
 * the order is still the one on screen and still open, and the account holds what it will pay.
 * Each returns the user's words, or null when nothing stands in the way.
 */

/** The order a view showed, as the chain has it now (same id, owner, token, amount and price), or why not. */
type OrderCheck = { ok: true; order: SwapOrder } | { ok: false; reason: 'gone' | 'filled' | 'cancelled' | 'changed' };

/**
 * Reads order `shown.id` again on chain (`getOrderById`) and compares it with what the screen
 * showed. The deployed contract checks no status on swap / updateOrder / cancelOrder (deployed-system.md §C9.4), so
 * this read, taken right before the wallet is asked, is the only guard: a filled or cancelled
 * order is never signed for. An id the contract does not know ("Invalid order Id") is gone.
 */
async function currentOrder(runner: ContractRunner, swap: Address, shown: SwapOrder): Promise<OrderCheck> {
  const order = await readOrder(runner, swap, shown.id);
  if (!order || !sameAddress(order.owner, shown.owner) || !sameAddress(order.tokenA, shown.tokenA)) {
    return { ok: false, reason: 'gone' };
  }
  if (order.status === ORDER_STATUS.filled) return { ok: false, reason: 'filled' };
  if (order.status !== ORDER_STATUS.open) return { ok: false, reason: 'cancelled' };
  if (order.amountA !== shown.amountA || order.price !== shown.price) return { ok: false, reason: 'changed' };
  return { ok: true, order };
}

/** `getOrderById(id)` now, or null when the contract does not know the id ("Invalid order Id"). */
async function readOrder(runner: ContractRunner, swap: Address, id: number): Promise<SwapOrder | null> {
  try {
    return await getOrderById(runner, swap, id);
  } catch (error) {
    if (isError(error, 'CALL_EXCEPTION')) return null;
    throw error;
  }
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

/** Trade: the order is unchanged and open, not the taker's own, and the taker holds P. */
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

const wholeOnly = (t: TFunction<'swap'>, token: SwapToken) => t('invalid.whole', { unit: unitOf(token) });

/** Create: a whole-token amount, and the maker holds the amount they deposit. */
export async function checkCreate(context: CheckContext, tokenA: SwapToken, amountA: bigint): Promise<string | null> {
  const { runner, tokens, account, t, language } = context;
  if (!isWholeAmount(amountA, tokenA)) return wholeOnly(t, tokenA);
  const balance = await getErc20Balance(runner, swapTokenAddress(tokenA, tokens), account);
  return shortfall(t, language, tokenA, balance, amountA);
}

/**
 * Edit: the order is still open and still this account's (read on chain now), a new amount is
 * whole, and for a larger amount the owner holds the difference.
 */
export async function checkUpdate(context: CheckContext, shown: SwapOrder, amountA: bigint): Promise<string | null> {
  const { runner, swap, tokens, account, t, language } = context;
  const check = await currentOrder(runner, swap, shown);
  if (!check.ok) return t(`problem.${check.reason}`);
  if (!sameAddress(check.order.owner, account)) return t('problem.notOwner');
  const tokenA = swapTokenOf(check.order.tokenA, tokens);
  // A typed amount must be whole; keeping an existing fractional amount is allowed.
  if (amountA !== check.order.amountA && !isWholeAmount(amountA, tokenA)) return wholeOnly(t, tokenA);
  const extra = updateApproveAmount(check.order.amountA, amountA);
  if (extra === 0n) return null;
  const balance = await getErc20Balance(runner, check.order.tokenA, account);
  return shortfall(t, language, tokenA, balance, extra);
}

/** What stands in the way of a cancel: nothing, the spec's "Already Cancelled!", or the user's words. */
export type CancelCheck = { ok: true } | { ok: false; alreadyCancelled: true } | { ok: false; problem: string };

/**
 * Cancel: the order is still open and this account's, read on chain now. A second cancel would
 * refund the amount again out of other makers' escrow (deployed-system.md §C9.4); a changed amount or price does not
 * stand in the way (the refund is whatever the chain holds).
 */
export async function checkCancel(context: CheckContext, shown: SwapOrder): Promise<CancelCheck> {
  const { runner, swap, account, t } = context;
  const order = await readOrder(runner, swap, shown.id);
  if (!order || !sameAddress(order.tokenA, shown.tokenA)) return { ok: false, problem: t('problem.gone') };
  if (!sameAddress(order.owner, account)) return { ok: false, problem: t('problem.notOwner') };
  if (order.status === ORDER_STATUS.filled) return { ok: false, problem: t('problem.filled') };
  if (order.status !== ORDER_STATUS.open) return { ok: false, alreadyCancelled: true };
  return { ok: true };
}
