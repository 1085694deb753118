import type { Address } from '@/config/env';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/lib/format/numbers';
import { parseTokenAmount } from '@/lib/chain/units';

/**
 * Order-book arithmetic of §5.7, in bigint base units end to end. Price convention (§4): base
 * units of the other token per one WHOLE tokenA, so
 *   tokenA Natura ⇒ price has 6 decimals (USDT per NAT),
 *   tokenA USDT   ⇒ price has 18 decimals (NAT per USDT).
 */

export type SwapToken = 'natura' | 'usdt';

export interface SwapTokens {
  usdt: Address;
  natura: Address;
}

/** The fee the create-listing modal announces, in percent, on each side of a trade. */
const SWAP_FEE_PERCENT = 4n;

export function tokenDecimals(token: SwapToken): number {
  return token === 'natura' ? NATURA_DECIMALS : USDT_DECIMALS;
}

export function otherToken(token: SwapToken): SwapToken {
  return token === 'natura' ? 'usdt' : 'natura';
}

/** Which of the two tokens `address` is (case-insensitive); throws for any other address. */
export function swapTokenOf(address: string, tokens: SwapTokens): SwapToken {
  if (address.toLowerCase() === tokens.natura.toLowerCase()) return 'natura';
  if (address.toLowerCase() === tokens.usdt.toLowerCase()) return 'usdt';
  throw new Error(`${address} is neither Natura nor USDT`);
}

export function swapTokenAddress(token: SwapToken, tokens: SwapTokens): Address {
  return token === 'natura' ? tokens.natura : tokens.usdt;
}

/**
 * The token a maker deposits (tokenA), from the modal's choice (semantics table §5.7): selling a
 * token deposits it; buying a token deposits the other one.
 */
export function makerTokenA(intent: 'sell' | 'buy', picked: SwapToken): SwapToken {
  return intent === 'sell' ? picked : otherToken(picked);
}

/** Typed amount and price → order units: amount in tokenA's decimals, price in the other token's. */
export function parseOrderInput(tokenA: SwapToken, amount: string, price: string): { amountA: bigint; price: bigint } {
  return {
    amountA: parseTokenAmount(amount, tokenDecimals(tokenA)),
    price: parseTokenAmount(price, tokenDecimals(otherToken(tokenA))),
  };
}

const ceilDiv = (numerator: bigint, denominator: bigint): bigint => (numerator + denominator - 1n) / denominator;
const unit = (token: SwapToken): bigint => 10n ** BigInt(tokenDecimals(token));

/**
 * What the taker pays for the whole order, in the other token's base units:
 * amountA × price ÷ 10^decimals(tokenA), rounded UP so the approve always covers the pull.
 * This is the taker's approve amount (§5.7 Trade step 1).
 */
export function takerCost(order: { amountA: bigint; price: bigint }, tokenA: SwapToken): bigint {
  return ceilDiv(order.amountA * order.price, unit(tokenA));
}

/** The approve a maker needs to create an order: the whole deposit, in tokenA. */
export function createApproveAmount(amountA: bigint): bigint {
  return amountA;
}

/** Edit: only an increase is pulled, so only the difference is approved; a decrease needs none. */
export function updateApproveAmount(currentAmountA: bigint, newAmountA: bigint): bigint {
  return newAmountA > currentAmountA ? newAmountA - currentAmountA : 0n;
}

const fee = (amount: bigint): bigint => (amount * SWAP_FEE_PERCENT) / 100n;

/**
 * The create-listing modal's preview (pure UI arithmetic, §5.7): "You're offering" = amount × 0.96
 * in tokenA, "You're getting" = amount × 0.96 × price in the other token. Rounded down.
 */
export function feePreview(amountA: bigint, price: bigint, tokenA: SwapToken): { offering: bigint; getting: bigint } {
  const offering = amountA - fee(amountA);
  return { offering, getting: (offering * price) / unit(tokenA) };
}

export interface FillAmounts {
  /** Other token, pulled from the taker (= takerCost). */
  takerPays: bigint;
  /** Other token, 4 % of takerPays (rounded down), kept from the maker. */
  makerFee: bigint;
  makerReceives: bigint;
  /** tokenA, 4 % of amountA (rounded down), kept from the taker. */
  takerFee: bigint;
  takerReceives: bigint;
}

/**
 * Who gets what when an order is filled, with the 4 % fee taken on each side and rounded down.
 * This is the reference contract's split; on mainnet the exact split is not visible (§5.7,
 * inferred), so screens should present it as an estimate.
 */
export function fillAmounts(order: { amountA: bigint; price: bigint }, tokenA: SwapToken): FillAmounts {
  const takerPays = takerCost(order, tokenA);
  const makerFee = fee(takerPays);
  const takerFee = fee(order.amountA);
  return {
    takerPays,
    makerFee,
    makerReceives: takerPays - makerFee,
    takerFee,
    takerReceives: order.amountA - takerFee,
  };
}
