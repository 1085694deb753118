import { Interface, type ContractRunner, type TransactionRequest } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { SWAP_ABI } from '@/lib/chain/contracts/swap';
import { memoryHistoryStore, type HistoryStore } from '@/lib/chain/history/history-store';
import {
  ONE_CALL_MAX_ORDERS,
  keptOrderBook,
  resetOrderBookCache,
  syncOrderBook,
  type BookSyncReport,
} from '@/lib/chain/swap-book';

const iface = new Interface(SWAP_ABI);
const SWAP = '0x1000000000000000000000000000000000000006';
const OTHER_SWAP = '0x1000000000000000000000000000000000000007';
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

type Tuple = [string, string, bigint, bigint, string, number];

/** A swap contract over `book` (mutable: tests fill, cancel, edit and add orders); keeps the calls made, by name. */
function chain(book: Tuple[]) {
  const calls: string[] = [];
  const byId: number[] = [];
  const runner = {
    provider: null,
    call: (tx: TransactionRequest) => {
      const { name, args } = iface.parseTransaction({ data: String(tx.data) })!;
      calls.push(name);
      if (name === 'getOrders') return Promise.resolve(iface.encodeFunctionResult(name, [book]));
      if (name === 'ordersCount') return Promise.resolve(iface.encodeFunctionResult(name, [[book.length]]));
      byId.push(Number(args[0]));
      return Promise.resolve(iface.encodeFunctionResult(name, [book[Number(args[0])]]));
    },
  };
  return { runner: runner as unknown as ContractRunner, calls, byId };
}

const order = (status: number, amount = 10n, price = 100n): Tuple => [OWNER, TOKEN, amount, price, 'sell', status];
/** A book of `n` orders: every fifth open, the others alternately filled and cancelled. */
const bookOf = (n: number): Tuple[] =>
  Array.from({ length: n }, (_, i) => order(i % 5 === 0 ? 1 : i % 2 === 0 ? 0 : 2, BigInt(i + 1)));

const asTuples = (orders: Awaited<ReturnType<typeof syncOrderBook>>) =>
  orders.map((o, i) => {
    expect(o.id).toBe(i);
    return [o.owner, o.tokenA, o.amountA, o.price, o.orderType, o.status];
  });

describe('the order book read incrementally (closed orders kept between visits)', () => {
  let store: HistoryStore;
  beforeEach(() => {
    store = memoryHistoryStore();
    resetOrderBookCache();
  });

  /** One visit: a fresh tab (the in-memory copy forgotten, the store kept). */
  async function visit(node: ReturnType<typeof chain>, options: { swap?: string; chainId?: number } = {}) {
    resetOrderBookCache();
    node.calls.length = 0;
    node.byId.length = 0;
    let report: BookSyncReport | undefined;
    const orders = await syncOrderBook(
      { runner: node.runner, swap: (options.swap ?? SWAP) as `0x${string}`, chainId: options.chainId ?? 31337, store },
      (r) => (report = r),
    );
    return { orders, report: report! };
  }

  it('a small book without a cache is one getOrders(); a big one is read by id, never in one call', async () => {
    const small = chain(bookOf(12));
    const first = await visit(small);
    expect(first.report.mode).toBe('one-call');
    expect(small.calls).toEqual(['ordersCount', 'getOrders']);
    expect(asTuples(first.orders)).toEqual(bookOf(12));

    store = memoryHistoryStore();
    const big = chain(bookOf(ONE_CALL_MAX_ORDERS + 1));
    const cold = await visit(big);
    expect(cold.report).toEqual({ mode: 'by-id', readById: ONE_CALL_MAX_ORDERS + 1 });
    expect(big.calls).not.toContain('getOrders');
    expect(asTuples(cold.orders)).toEqual(bookOf(ONE_CALL_MAX_ORDERS + 1));
  });

  it('new orders: a second visit reads ordersCount, the orders last seen open and the new ones, nothing else', async () => {
    const book = bookOf(20);
    const node = chain(book);
    await visit(node);
    book.push(order(1, 77n), order(1, 78n));
    const second = await visit(node);
    expect(second.report.mode).toBe('incremental');
    expect(node.calls.filter((name) => name !== 'getOrderById')).toEqual(['ordersCount']);
    expect(node.byId.sort((a, b) => a - b)).toEqual([0, 5, 10, 15, 20, 21]);
    expect(asTuples(second.orders)).toEqual(book);
  });

  it('an open order filled and another cancelled: shown closed, and not read again on the next visit', async () => {
    const book = bookOf(20);
    const node = chain(book);
    await visit(node);
    book[5] = order(0, 6n);
    book[10] = order(2, 11n);
    const second = await visit(node);
    expect(asTuples(second.orders)).toEqual(book);
    expect(second.orders[5]!.status).toBe(0);
    expect(second.orders[10]!.status).toBe(2);
    const third = await visit(node);
    expect(node.byId.sort((a, b) => a - b)).toEqual([0, 15]);
    expect(asTuples(third.orders)).toEqual(book);
  });

  it('an edited open order is read with its new figures; a kept closed order keeps the figures it closed with', async () => {
    const book = bookOf(20);
    const node = chain(book);
    await visit(node);
    book[15] = order(1, 999n, 123n);
    // A direct updateOrder on a filled order (§9.4) changes the chain, not what was kept (Record shows the fill's own
    // figures where chain history has them).
    book[2] = order(0, 555n, 5n);
    const second = await visit(node);
    expect(second.orders[15]).toMatchObject({ amountA: 999n, price: 123n, status: 1 });
    expect(second.orders[2]).toMatchObject({ amountA: 3n, price: 100n, status: 0 });
  });

  it('a cache from another swap address or another chain is ignored; a book shorter than the cache is read whole', async () => {
    const book = bookOf(20);
    const node = chain(book);
    await visit(node);
    expect((await visit(node, { swap: OTHER_SWAP })).report.mode).toBe('one-call');
    expect((await visit(node, { chainId: 137 })).report.mode).toBe('one-call');
    expect((await visit(node)).report.mode).toBe('incremental');
    // The same address on a new chain (a reverted or restarted dev chain): fewer orders than kept.
    const fresh = bookOf(7).map((tuple): Tuple => [tuple[0], tuple[1], tuple[2] + 1000n, tuple[3], tuple[4], tuple[5]]);
    const restarted = chain(fresh);
    const after = await visit(restarted);
    expect(after.report.mode).toBe('one-call');
    expect(asTuples(after.orders)).toEqual(fresh);
  });

  it('within one tab, a refresh reads only the open and new orders without reading the store again', async () => {
    const book = bookOf(20);
    const node = chain(book);
    await visit(node);
    let factsRead = 0;
    const fact = store.fact.bind(store);
    store.fact = <T>(key: string) => {
      factsRead += 1;
      return fact<T>(key);
    };
    node.byId.length = 0;
    await syncOrderBook({ runner: node.runner, swap: SWAP, chainId: 31337, store });
    expect(factsRead).toBe(0);
    expect(node.byId.sort((a, b) => a - b)).toEqual([0, 5, 10, 15]);
  });

  it('the kept book: the last read’s closed and open orders, dated, without a request; none for another chain or swap', async () => {
    const book = bookOf(20);
    const node = chain(book);
    expect(await keptOrderBook({ swap: SWAP, chainId: 31337, store })).toBeUndefined();
    const before = Date.now();
    await visit(node);
    // Meanwhile on chain: order 5 filled, a new order 20.
    book[5] = order(0, 6n);
    book.push(order(1, 21n));
    resetOrderBookCache();
    node.calls.length = 0;
    const kept = await keptOrderBook({ swap: SWAP, chainId: 31337, store });
    expect(node.calls).toEqual([]);
    expect(asTuples(kept!.orders)).toEqual(bookOf(20));
    expect(kept!.readAt).toBeGreaterThanOrEqual(before);
    expect(await keptOrderBook({ swap: OTHER_SWAP, chainId: 31337, store })).toBeUndefined();
    expect(await keptOrderBook({ swap: SWAP, chainId: 137, store })).toBeUndefined();
    // The read after it has the chain's book.
    expect(asTuples((await visit(node)).orders)).toEqual(book);
  });
});
