import type { Address } from '@/config/env';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';

/**
 * Order-book arithmetic of deployed-system.md §C5.7 and deployed-system.md §C9.4 (the deployed contract's own formulas), in bigint base
 * units end to end; the only swap maths module. Price convention (deployed-system.md §C4): base units of the other
 * token per one WHOLE tokenA, so
 *   tokenA Natura ⇒ price has 6 decimals (USDT per NAT),
 *   tokenA USDT   ⇒ price has 18 decimals (NAT per USDT).
 */

export type SwapToken = 'natura' | 'usdt';

export interface SwapTokens {
  usdt: Address;
  natura: Address;
}

/**
 * The fees of a fill (deployed-system.md §C9.4): 4 % of the Natura side is burned; 3 % + 1 % of the USDT
 * side go to the swap's `ownerWallet()`. Each is rounded down on its own.
 */
const BURN_PERCENT = 4n;
const OWNER_FEE_PERCENTS = [3n, 1n] as const;

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
 * The token a maker deposits (tokenA), from the modal's choice (semantics table deployed-system.md §C5.7): selling a
 * token deposits it; buying a token deposits the other one.
 */
export function makerTokenA(intent: 'sell' | 'buy', picked: SwapToken): SwapToken {
  return intent === 'sell' ? picked : otherToken(picked);
}

const unit = (token: SwapToken): bigint => 10n ** BigInt(tokenDecimals(token));

/** W of deployed-system.md §C9.4: the whole tokens in `amountA` (tokenA base units), the only part the contract charges for. */
export function wholeTokens(amountA: bigint, tokenA: SwapToken): bigint {
  return amountA / unit(tokenA);
}

/** The part of `amountA` below one whole token: delivered to the taker but never charged (deployed-system.md §C9.4). */
export function uncharged(amountA: bigint, tokenA: SwapToken): bigint {
  return amountA % unit(tokenA);
}

/** Create and edit accept whole-token amounts only: a fraction would be given away (deployed-system.md §C9.4). */
export function isWholeAmount(amountA: bigint, tokenA: SwapToken): boolean {
  return uncharged(amountA, tokenA) === 0n;
}

/**
 * P of deployed-system.md §C9.4, what the taker pays for the whole order, in the other token's base units:
 * price × ⌊amountA ÷ 10^decimals(tokenA)⌋. The taker's approval is exactly this (never more: a
 * maker can raise the price with `updateOrder` between the approval and the trade) and the
 * balance check compares with it.
 */
export function takerCost(order: { amountA: bigint; price: bigint }, tokenA: SwapToken): bigint {
  return order.price * wholeTokens(order.amountA, tokenA);
}

/** The approve a maker needs to create an order: the whole deposit, in tokenA. */
export function createApproveAmount(amountA: bigint): bigint {
  return amountA;
}

/** Edit: only an increase is pulled, so only the difference is approved; a decrease needs none. */
export function updateApproveAmount(currentAmountA: bigint, newAmountA: bigint): bigint {
  return newAmountA > currentAmountA ? newAmountA - currentAmountA : 0n;
}

const percent = (amount: bigint, pct: bigint): bigint => (amount * pct) / 100n;
const ownerFees = (amount: bigint): bigint => OWNER_FEE_PERCENTS.reduce((sum, pct) => sum + percent(amount, pct), 0n);

export interface FillAmounts {
  /** P: other token, pulled from the taker. */
  takerPays: bigint;
  /** Other token, P minus its fee: what the maker receives. */
  makerReceives: bigint;
  /** tokenA, amountA minus its fee: what the taker receives. */
  takerReceives: bigint;
  /** Natura burned to 0x…dEaD (4 % of the Natura side). */
  burned: bigint;
  /** USDT paid to the swap's ownerWallet() (3 % + 1 % of the USDT side). */
  ownerWalletFee: bigint;
}

/**
 * Who gets what when an order is filled, exactly as the deployed contract moves it (deployed-system.md §C9.4):
 * tokenA Natura — taker pays P USDT, maker gets P − ⌊3 % P⌋ − ⌊1 % P⌋, taker gets amountA −
 * ⌊4 %⌋ NAT, the 4 % burned; tokenA USDT — taker pays P NAT, maker gets P − ⌊4 % P⌋, the 4 %
 * burned, taker gets amountA − ⌊3 %⌋ − ⌊1 %⌋ USDT. `orderType` changes nothing.
 */
export function fillAmounts(order: { amountA: bigint; price: bigint }, tokenA: SwapToken): FillAmounts {
  const takerPays = takerCost(order, tokenA);
  if (tokenA === 'natura') {
    const ownerWalletFee = ownerFees(takerPays);
    const burned = percent(order.amountA, BURN_PERCENT);
    return {
      takerPays,
      makerReceives: takerPays - ownerWalletFee,
      takerReceives: order.amountA - burned,
      burned,
      ownerWalletFee,
    };
  }
  const burned = percent(takerPays, BURN_PERCENT);
  const ownerWalletFee = ownerFees(order.amountA);
  return {
    takerPays,
    makerReceives: takerPays - burned,
    takerReceives: order.amountA - ownerWalletFee,
    burned,
    ownerWalletFee,
  };
}

/**
 * The create-listing modal's preview, from the same split (deployed-system.md §C9.4), from the maker's side:
 * "You're offering" is what the maker deposits now (amountA), "You're getting" what the maker receives
 * once a taker fills the order (P less the fee on P); `takerPays` is P and `makerFee` that fee (3 % + 1 % to
 * the owner wallet when P is USDT, 4 % burned when P is Natura).
 */
export function feePreview(
  amountA: bigint,
  price: bigint,
  tokenA: SwapToken,
): { offering: bigint; getting: bigint; takerPays: bigint; makerFee: bigint } {
  const fill = fillAmounts({ amountA, price }, tokenA);
  return {
    offering: amountA,
    getting: fill.makerReceives,
    takerPays: fill.takerPays,
    makerFee: fill.takerPays - fill.makerReceives,
  };
}

/*
 * The people's price (issue 39): USDT base units per WHOLE Natura, whatever the order deposits. A Natura-deposit
 * order's contract price already is that; a USDT-deposit order's is NAT wei per whole USDT, its inverse:
 * USDT-per-NAT p (6 decimals) ⇔ NAT-per-USDT q (18 decimals) with p × q = 10^6 × 10^18.
 */
const PRICE_PRODUCT = 10n ** BigInt(USDT_DECIMALS) * 10n ** BigInt(NATURA_DECIMALS);

/**
 * The contract price that stores a person's USDT-per-Natura price for an order depositing `tokenA`. For a USDT
 * deposit the maker receives NAT: a rate that does not divide exactly is rounded UP (more NAT per USDT), so the
 * stored price never gives the maker less than asked. `exact` says whether storing it changed nothing.
 */
export function contractPriceOf(perNatura: bigint, tokenA: SwapToken): { price: bigint; exact: boolean } {
  if (tokenA === 'natura') return { price: perNatura, exact: true };
  if (perNatura <= 0n) return { price: 0n, exact: perNatura === 0n };
  const price = (PRICE_PRODUCT + perNatura - 1n) / perNatura;
  return { price, exact: PRICE_PRODUCT % perNatura === 0n };
}

/**
 * USDT base units per whole Natura of a stored contract price, for people: exact for a Natura deposit; for a USDT
 * deposit 10^24 ÷ price rounded half-up to the base unit (exact whenever the price was stored from an exact rate).
 */
export function usdtPerNatura(tokenA: SwapToken, price: bigint): bigint {
  if (tokenA === 'natura') return price;
  if (price === 0n) return 0n;
  return (PRICE_PRODUCT + price / 2n) / price;
}

/** An order's kind for people: which side of Natura its maker is on (the deposit says it; `orderType` is a label). */
export function orderSide(tokenA: SwapToken): 'sellingNatura' | 'buyingNatura' {
  return tokenA === 'natura' ? 'sellingNatura' : 'buyingNatura';
}

/** How far a price is from a reference, in basis points (signed, truncated toward zero); null without a reference. */
export function priceDeviationBps(price: bigint, reference: bigint): bigint | null {
  if (reference <= 0n) return null;
  return ((price - reference) * 10_000n) / reference;
}

/** The price check (issue 39): more than 20 % away from the reference needs a second confirmation. */
const PRICE_CHECK_PERCENT = 20n;

export function isFarFromReference(price: bigint, reference: bigint): boolean {
  if (reference <= 0n) return false;
  const diff = price > reference ? price - reference : reference - price;
  return diff * 100n > PRICE_CHECK_PERCENT * reference;
}
