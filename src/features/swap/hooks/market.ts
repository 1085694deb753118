import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import { swapTokenOf, takerCost, usdtPerNatura, type SwapTokens } from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';

/**
 * The market view's figures (issue 39), from one read of the book, in USDT base units per whole Natura: asks are
 * the open orders depositing Natura (their makers sell it), bids the open orders depositing USDT (their makers buy
 * it), whatever their `orderType` label says.
 */

/** One price level of the depth: the open orders at that price, summed in both tokens (base units). */
export interface DepthLevel {
  usdtPerNatura: bigint;
  natura: bigint;
  usdt: bigint;
  orders: number;
}

interface MarketSummary {
  /** Asks lowest first, bids highest first. */
  asks: DepthLevel[];
  bids: DepthLevel[];
  bestAsk: bigint | null;
  bestBid: bigint | null;
  /** bestAsk − bestBid (negative when the book is crossed); null without both. */
  spread: bigint | null;
}

function addTo(levels: Map<bigint, DepthLevel>, price: bigint, natura: bigint, usdt: bigint): void {
  const level = levels.get(price) ?? { usdtPerNatura: price, natura: 0n, usdt: 0n, orders: 0 };
  level.natura += natura;
  level.usdt += usdt;
  level.orders += 1;
  levels.set(price, level);
}

export function marketSummary(orders: readonly SwapOrder[], tokens: SwapTokens): MarketSummary {
  const asks = new Map<bigint, DepthLevel>();
  const bids = new Map<bigint, DepthLevel>();
  for (const order of orders) {
    if (order.status !== ORDER_STATUS.open) continue;
    if (!sameAddress(order.tokenA, tokens.natura) && !sameAddress(order.tokenA, tokens.usdt)) continue;
    const token = swapTokenOf(order.tokenA, tokens);
    const price = usdtPerNatura(token, order.price);
    // On-sale amount in its own token, what a taker pays for it (P) in the other.
    const cost = takerCost(order, token);
    if (token === 'natura') addTo(asks, price, order.amountA, cost);
    else addTo(bids, price, cost, order.amountA);
  }
  const askLevels = [...asks.values()].sort((a, b) => (a.usdtPerNatura < b.usdtPerNatura ? -1 : 1));
  const bidLevels = [...bids.values()].sort((a, b) => (a.usdtPerNatura > b.usdtPerNatura ? -1 : 1));
  const bestAsk = askLevels[0]?.usdtPerNatura ?? null;
  const bestBid = bidLevels[0]?.usdtPerNatura ?? null;
  return {
    asks: askLevels,
    bids: bidLevels,
    bestAsk,
    bestBid,
    spread: bestAsk !== null && bestBid !== null ? bestAsk - bestBid : null,
  };
}

/** The last filled order (highest id with status filled): the last trade when the chain history gives none. */
export function lastFilledPrice(orders: readonly SwapOrder[], tokens: SwapTokens): bigint | null {
  for (let i = orders.length - 1; i >= 0; i -= 1) {
    const order = orders[i];
    if (!order || order.status !== ORDER_STATUS.filled) continue;
    if (!sameAddress(order.tokenA, tokens.natura) && !sameAddress(order.tokenA, tokens.usdt)) continue;
    return usdtPerNatura(swapTokenOf(order.tokenA, tokens), order.price);
  }
  return null;
}
