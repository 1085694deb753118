import type { OrderRow } from '@/features/swap/hooks/orders';
import { otherToken, takerCost, tokenDecimals, type SwapToken } from '@/lib/chain/swap-math';
import { formatAmount, type AmountStyle } from '@/lib/format/numbers';

/**
 * How the swap tables write an order's figures (deployed-system.md §C5.7): price in the other token per
 * whole tokenA, amount in tokenA, the whole order's cost in the other token; units "USDT" / "NAT".
 * From bigint to text without floats.
 */

export const TOKEN_UNIT: Record<SwapToken, string> = { usdt: 'USDT', natura: 'NAT' };

/** Tables show 3 decimals (deployed-system.md §P9); dialogs that preview a trade show every unit. */
const TABLE_STYLE: AmountStyle = { places: 3, grouping: true };
export const EXACT_STYLE: AmountStyle = { places: 'exact', grouping: true };

export function tokenText(value: bigint, token: SwapToken, language: string, style: AmountStyle = TABLE_STYLE): string {
  return `${formatAmount(value, tokenDecimals(token), style, language)} ${TOKEN_UNIT[token]}`;
}

export function priceText(row: OrderRow, language: string, style?: AmountStyle): string {
  return tokenText(row.price, otherToken(row.token), language, style);
}

export function amountText(row: OrderRow, language: string, style?: AmountStyle): string {
  return tokenText(row.amountA, row.token, language, style);
}

/** "Purchasing": what the whole order costs the taker, P = price × whole tokenA (deployed-system.md §C9.4). */
export function costText(row: OrderRow, language: string, style?: AmountStyle): string {
  return tokenText(takerCost(row, row.token), otherToken(row.token), language, style);
}
