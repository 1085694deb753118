import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import { otherToken, swapTokenOf, type SwapToken, type SwapTokens } from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';

/**
 * Which orders each view of the swap page shows (deployed-system.md §C5.7). Every function filters and
 * sorts a COPY of the decoded `getOrders()` list; each row keeps the `id` it was decoded with (its
 * position in the unfiltered, unsorted array), the only order id the contract knows.
 *
 * Each view is computed once per read of the book (memoised on the list itself, which a read replaces): a tab or
 * page click on a book of thousands of orders filters and sorts nothing again. The lists returned are shared: read
 * them, never change them.
 */

const views = new WeakMap<readonly SwapOrder[], Map<string, OrderRow[]>>();

function memoised(orders: readonly SwapOrder[], key: string, make: () => OrderRow[]): OrderRow[] {
  let known = views.get(orders);
  if (!known) {
    known = new Map();
    views.set(orders, known);
  }
  let rows = known.get(key);
  if (!rows) {
    rows = make();
    known.set(key, rows);
  }
  return rows;
}

const NO_TIMES: ReadonlyMap<number, number> = new Map();

/** Record's sort depends on the fill times too: one memo per (book read, times read). */
const timeKeys = new WeakMap<ReadonlyMap<number, number>, number>();
let nextTimeKey = 0;
function timesKey(times: ReadonlyMap<number, number>): number {
  let key = timeKeys.get(times);
  if (key === undefined) {
    key = nextTimeKey++;
    timeKeys.set(times, key);
  }
  return key;
}

export type BookSide = 'buy' | 'sell';
export type RecordFilter = 'all' | 'cancelled' | 'successful';

/** An order with its deposited token resolved (orders in any other token are never shown). */
export interface OrderRow extends SwapOrder {
  token: SwapToken;
}

function withToken(orders: readonly SwapOrder[], tokens: SwapTokens): OrderRow[] {
  return memoised(orders, `rows:${tokens.natura}:${tokens.usdt}`, () => resolveTokens(orders, tokens));
}

function resolveTokens(orders: readonly SwapOrder[], tokens: SwapTokens): OrderRow[] {
  const rows: OrderRow[] = [];
  for (const order of orders) {
    if (!sameAddress(order.tokenA, tokens.natura) && !sameAddress(order.tokenA, tokens.usdt)) continue;
    rows.push({ ...order, token: swapTokenOf(order.tokenA, tokens) });
  }
  return rows;
}

/**
 * The order book of one tab: open orders only, Buy tabs show makers' `sell` orders of the chosen
 * currency, Sell tabs makers' `buy` orders depositing the other token; best (lowest) price first,
 * ties by age.
 */
export function bookRows(
  orders: readonly SwapOrder[],
  tokens: SwapTokens,
  side: BookSide,
  currency: SwapToken,
): OrderRow[] {
  const tokenA = side === 'buy' ? currency : otherToken(currency);
  const orderType = side === 'buy' ? 'sell' : 'buy';
  return memoised(orders, `book:${tokens.natura}:${tokens.usdt}:${side}:${currency}`, () =>
    withToken(orders, tokens)
      .filter((row) => row.status === ORDER_STATUS.open && row.token === tokenA && row.orderType === orderType)
      .sort((a, b) => (a.price === b.price ? a.id - b.id : a.price < b.price ? -1 : 1)),
  );
}

/** Your Listings: the account's open orders, newest first (owner compared case-insensitively). */
export function listingRows(orders: readonly SwapOrder[], tokens: SwapTokens, account: string | null): OrderRow[] {
  if (!account) return [];
  return memoised(orders, `listings:${tokens.natura}:${tokens.usdt}:${account.toLowerCase()}`, () =>
    withToken(orders, tokens)
      .filter((row) => row.status === ORDER_STATUS.open && sameAddress(row.owner, account))
      .reverse(),
  );
}

/**
 * Record: every closed order (status ≠ 1), optionally just cancelled or just filled, newest first. Filled orders
 * whose fill time the chain history gave (`fillTimes`, by order id) come first, newest fill first; the others
 * (cancelled orders: `cancelOrder` emits nothing, so they have no time; fills not yet read) follow, newest created
 * first.
 */
export function recordRows(
  orders: readonly SwapOrder[],
  tokens: SwapTokens,
  filter: RecordFilter,
  fillTimes: ReadonlyMap<number, number> = NO_TIMES,
): OrderRow[] {
  const timeOf = (row: OrderRow) => (row.status === ORDER_STATUS.filled ? fillTimes.get(row.id) : undefined);
  const key = `record:${tokens.natura}:${tokens.usdt}:${filter}:${timesKey(fillTimes)}`;
  return memoised(orders, key, () => sortedRecord(withToken(orders, tokens), filter, timeOf));
}

function sortedRecord(
  rows: OrderRow[],
  filter: RecordFilter,
  timeOf: (row: OrderRow) => number | undefined,
): OrderRow[] {
  return rows
    .filter((row) =>
      filter === 'cancelled'
        ? row.status === ORDER_STATUS.cancelled
        : filter === 'successful'
          ? row.status === ORDER_STATUS.filled
          : row.status !== ORDER_STATUS.open,
    )
    .sort((a, b) => {
      const [ta, tb] = [timeOf(a), timeOf(b)];
      if (ta !== undefined && tb !== undefined) return tb - ta || b.id - a.id;
      if (ta !== undefined) return -1;
      if (tb !== undefined) return 1;
      return b.id - a.id;
    });
}

/** One page of a long list (the book shows 25 rows a page). */
const BOOK_PAGE_SIZE = 25;

export function pageOf<T>(rows: readonly T[], page: number, size = BOOK_PAGE_SIZE): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(page, 0), pages - 1);
  return { rows: rows.slice(current * size, current * size + size), pages };
}
