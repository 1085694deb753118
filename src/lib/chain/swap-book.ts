import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { getOrderById, getOrders, getOrdersCount } from '@/lib/chain/contracts/swap';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import { openHistoryStore, type HistoryStore } from '@/lib/chain/history/history-store';

/**
 * The order book, read at a cost that grows with the open orders and not with history. Filled (0) and cancelled (2)
 * orders never become open again (no function of the swap contract sets status 1 back, contracts.md §9.4), so they
 * are kept between visits in the chain-history store (IndexedDB, src/lib/chain/history/history-store.ts), keyed by
 * chain id and swap address. A visit then reads `ordersCount()`, the orders created since the last visit and the
 * orders last seen open (batched `getOrderById` calls), nothing else.
 *
 * A kept order is only ever shown: every write re-reads its order before the signature (the stale-order guard in
 * src/features/swap/tx/preflight.ts). A terminal order's amount and price can still be changed by a direct
 * `updateOrder` (§9.4); the kept figures are those of the visit that first saw it closed, and Record prefers its
 * `SwapSuccess` figures where chain history has them.
 */

/**
 * Without a cache, a book of at most this many orders is read with one `getOrders()`: ≈ 15 500 gas an order makes it
 * ≈ 7.8 M gas and ≈ 290 kB, a quarter of anvil's 30 M call gas and of Polygon's 33.5 M cap, a sixth of geth's 50 M
 * default — cheap anywhere, and fewer requests than reading 500 orders by id (5). A bigger book is read by id from the
 * start, so no read ever needs one call whose gas grows past a node's cap (getOrders still falls back if one does).
 */
export const ONE_CALL_MAX_ORDERS = 500;

/** The closed orders are kept in chunks of the visits that found them; this many chunks are merged into one. */
const MAX_CHUNKS = 64;

interface BookState {
  /** How many orders the book had (ids 0 … count − 1 are all either kept closed or listed open). */
  count: number;
  /** Kept chunks of closed orders: facts `${key}:closed:0` … `${key}:closed:${chunks − 1}`. */
  chunks: number;
  /** The ids that were open at that read: read again next time. */
  openIds: number[];
  /** Those orders as that read found them, to paint before they are read again (absent in a cache of an older app). */
  open?: SwapOrder[];
  /** When that read ended (ms since the epoch): the kept book is that old. */
  readAt?: number;
}

interface Snapshot extends BookState {
  closed: SwapOrder[];
}

export interface BookSyncReport {
  /** How the orders were read: one `getOrders()`, every order by id (no usable cache), or only new and open ones. */
  mode: 'one-call' | 'by-id' | 'incremental';
  /** How many orders were read by id (0 for one-call). */
  readById: number;
}

export interface OrderBookSource {
  runner: ContractRunner;
  swap: Address;
  chainId: number;
  store: HistoryStore;
}

const snapshotsInMemory = new Map<string, Snapshot>();

function bookKey(chainId: number, swap: Address): string {
  return `swap-book:${chainId}:${swap.toLowerCase()}`;
}

/** Store reads in flight: the kept book painted first and the read beside it share one (features/swap/api). */
const snapshotsLoading = new Map<string, Promise<Snapshot | undefined>>();

function loadSnapshot(store: HistoryStore, key: string): Promise<Snapshot | undefined> {
  const known = snapshotsInMemory.get(key);
  if (known) return Promise.resolve(known);
  let loading = snapshotsLoading.get(key);
  if (!loading) {
    loading = readSnapshot(store, key).finally(() => snapshotsLoading.delete(key));
    snapshotsLoading.set(key, loading);
  }
  return loading;
}

async function readSnapshot(store: HistoryStore, key: string): Promise<Snapshot | undefined> {
  const state = await store.fact<BookState>(key);
  if (!state) return undefined;
  const chunks = await Promise.all(
    Array.from({ length: state.chunks }, (_, i) => store.fact<SwapOrder[]>(`${key}:closed:${i}`)),
  );
  // A chunk that is missing (storage cleared in part): the cache is not whole, so it is not used.
  if (chunks.some((chunk) => chunk === undefined)) return undefined;
  return { ...state, closed: chunks.flatMap((chunk) => chunk!) };
}

/** Keeps the orders this read found closed (a new chunk) and the new state, state last: a reload resumes from it. */
async function keepSnapshot(store: HistoryStore, key: string, previous: Snapshot | undefined, orders: SwapOrder[]) {
  const closedIds = new Set(previous?.closed.map((order) => order.id));
  const newlyClosed = orders.filter((order) => order.status !== ORDER_STATUS.open && !closedIds.has(order.id));
  const closed = [...(previous?.closed ?? []), ...newlyClosed];
  let chunks = previous?.chunks ?? 0;
  if (newlyClosed.length > 0) {
    if (chunks + 1 > MAX_CHUNKS) {
      await store.keepFact(`${key}:closed:0`, closed);
      chunks = 1;
    } else {
      await store.keepFact(`${key}:closed:${chunks}`, newlyClosed);
      chunks += 1;
    }
  }
  const open = orders.filter((order) => order.status === ORDER_STATUS.open);
  const state: BookState = {
    count: orders.length,
    chunks,
    openIds: open.map((order) => order.id),
    open,
    readAt: Date.now(),
  };
  await store.keepFact(key, state);
  snapshotsInMemory.set(key, { ...state, closed });
}

function readByIds(runner: ContractRunner, swap: Address, ids: readonly number[]): Promise<SwapOrder[]> {
  // Issued together: the call runner sends them as JSON-RPC batches of 100 per HTTP request.
  return Promise.all(ids.map((id) => getOrderById(runner, swap, id)));
}

/**
 * Every order of the book, ids = positions (as `getOrders()` returns it), read as described above. `onRead` says how
 * (the bench and tests count it).
 */
export async function syncOrderBook(
  { runner, swap, chainId, store }: OrderBookSource,
  onRead?: (report: BookSyncReport) => void,
): Promise<SwapOrder[]> {
  const key = bookKey(chainId, swap);
  const [count, cached] = await Promise.all([
    getOrdersCount(runner, swap),
    loadSnapshot(store, key).catch(() => undefined),
  ]);
  // Fewer orders than kept: not the chain the cache was made on (a new dev chain at the same address, a revert).
  const usable = cached && cached.count <= count ? cached : undefined;
  let orders: SwapOrder[] | undefined;
  if (usable) {
    const ids = [...usable.openIds];
    for (let id = usable.count; id < count; id += 1) ids.push(id);
    const read = await readByIds(runner, swap, ids);
    const book = new Array<SwapOrder | undefined>(count);
    for (const order of usable.closed) if (order.id < count) book[order.id] = order;
    for (const order of read) book[order.id] = order;
    // Every id must be known; a hole means the cache does not describe this book, which is then read whole.
    if (!book.includes(undefined) && book.length === count) {
      orders = book as SwapOrder[];
      onRead?.({ mode: 'incremental', readById: ids.length });
    }
  }
  if (!orders) {
    if (count <= ONE_CALL_MAX_ORDERS) {
      orders = await getOrders(runner, swap);
      onRead?.({ mode: 'one-call', readById: 0 });
    } else {
      orders = await readByIds(
        runner,
        swap,
        Array.from({ length: count }, (_, id) => id),
      );
      onRead?.({ mode: 'by-id', readById: count });
    }
  }
  try {
    await keepSnapshot(store, key, usable, orders);
  } catch {
    // A store that refuses the write (quota, private window): the book is shown all the same, read whole next time.
    snapshotsInMemory.delete(key);
  }
  return orders;
}

export interface KeptBook {
  orders: SwapOrder[];
  /** When the read that kept it ended (ms since the epoch). */
  readAt: number;
}

/**
 * The book as the last read left it (closed orders and the orders then open), without a request: what the page paints
 * while `syncOrderBook` reads the new and open orders. For display only, like every kept order; `undefined` when
 * nothing whole is kept for this chain and swap.
 */
export async function keptOrderBook({
  swap,
  chainId,
  store,
}: Omit<OrderBookSource, 'runner'>): Promise<KeptBook | undefined> {
  const kept = await loadSnapshot(store, bookKey(chainId, swap)).catch(() => undefined);
  if (!kept?.open || kept.readAt === undefined) return undefined;
  const book = new Array<SwapOrder | undefined>(kept.count);
  for (const order of [...kept.closed, ...kept.open]) if (order.id < kept.count) book[order.id] = order;
  if (book.includes(undefined)) return undefined;
  return { orders: book as SwapOrder[], readAt: kept.readAt };
}

let sharedStore: Promise<HistoryStore> | undefined;

/** The app's store for the book: the chain-history store, opened once. */
export function orderBookStore(): Promise<HistoryStore> {
  sharedStore ??= openHistoryStore();
  return sharedStore;
}

/** Forgets the in-memory copies and the shared store (tests: a fresh visit reads the store, a fresh test has none). */
export function resetOrderBookCache(): void {
  snapshotsInMemory.clear();
  snapshotsLoading.clear();
  sharedStore = undefined;
}
