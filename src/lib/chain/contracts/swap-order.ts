import type { Address } from '@/config/env';

/**
 * The swap contract's order as the app reads it, and its status codes: a module without ethers, so the swap page's
 * tables and the order book's filters load without the contract code (which loads with the read).
 */
export const ORDER_STATUS = { filled: 0, open: 1, cancelled: 2 } as const;
export type OrderType = 'sell' | 'buy';

export interface SwapOrder {
  /** 0-based position in `getOrders()`; the `_orderId` of swap / updateOrder / cancelOrder. */
  id: number;
  owner: Address;
  /** The token the maker deposited. */
  tokenA: Address;
  /** In tokenA's base units. */
  amountA: bigint;
  /** Base units of the other token per one whole tokenA (deployed-system.md §C4). */
  price: bigint;
  /** "sell" or "buy" as the maker chose; kept raw (the UI shows it). */
  orderType: string;
  /** 1 open, 0 filled, 2 cancelled (see ORDER_STATUS). */
  status: number;
}
