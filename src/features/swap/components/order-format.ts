import type { OrderRow } from '@/features/swap/hooks/orders';
import { orderSide, otherToken, takerCost, tokenDecimals, usdtPerNatura, type SwapToken } from '@/lib/chain/swap-math';
import { displayAmount, formatAmount, type AmountKind, type AmountStyle } from '@/lib/format/numbers';

/**
 * How the swap tables write an order's figures (deployed-system.md §C5.7): price in USDT per whole Natura whatever
 * the order deposits (issue 39: one convention for people), amount in tokenA, the whole order's cost in the other
 * token; units "USDT" / "NAT". Decimals follow the display policy (docs/amounts.md).
 * From bigint to text without floats.
 */

export const TOKEN_UNIT: Record<SwapToken, string> = { usdt: 'USDT', natura: 'NAT' };

/** Dialogs that preview a trade show every unit. */
export const EXACT_STYLE: AmountStyle = { places: 'exact', grouping: true };

/** What a figure is in a swap table: a price (USDT per Natura), or an amount of a token. */
export type FigureRole = 'price' | 'amount';

/**
 * The display policy's kind (docs/amounts.md) of a swap figure: prices with 3 decimals, USDT amounts as
 * money (2 decimals), Natura amounts with at most 4 decimals.
 */
export function figureKind(token: SwapToken, role: FigureRole): AmountKind {
  if (role === 'price') return 'price';
  return token === 'usdt' ? 'money' : 'natura';
}

function figureText(value: bigint, token: SwapToken, language: string, style: AmountStyle | FigureRole): string {
  return typeof style === 'string'
    ? displayAmount(value, tokenDecimals(token), figureKind(token, style), language).text
    : formatAmount(value, tokenDecimals(token), style, language);
}

export function tokenText(
  value: bigint,
  token: SwapToken,
  language: string,
  style: AmountStyle | FigureRole = 'amount',
): string {
  return `${figureText(value, token, language, style)} ${TOKEN_UNIT[token]}`;
}

export const PRICE_UNIT = 'USDT/NAT';

/** A price in USDT base units per whole Natura, with its unit. */
export function perNaturaText(value: bigint, language: string, style: AmountStyle | FigureRole = 'price'): string {
  return `${figureText(value, 'usdt', language, style)} ${PRICE_UNIT}`;
}

/** The order's price for people: USDT per Natura (a USDT deposit's NAT-per-USDT price, inverted). */
export function rowPerNatura(row: OrderRow): bigint {
  return usdtPerNatura(row.token, row.price);
}

export function priceText(row: OrderRow, language: string, style: AmountStyle | FigureRole = 'price'): string {
  return perNaturaText(rowPerNatura(row), language, style);
}

/** "Selling Natura" / "Buying Natura": the i18n key of an order's kind (its deposit tells it). */
export function sideKey(row: OrderRow): string {
  return `table.${orderSide(row.token)}`;
}

export function amountText(row: OrderRow, language: string, style?: AmountStyle): string {
  return tokenText(row.amountA, row.token, language, style);
}

/** "Purchasing": what the whole order costs the taker, P = price × whole tokenA (deployed-system.md §C9.4). */
export function costText(row: OrderRow, language: string, style?: AmountStyle): string {
  return tokenText(takerCost(row, row.token), otherToken(row.token), language, style);
}
