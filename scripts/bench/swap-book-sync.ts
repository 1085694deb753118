/** The incremental order-book bench (see swap-order-book.ts `incremental`). */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import { startAnvil } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, devAccounts } from '../../contracts/deploy/deploy.ts';
import { findOrderBookSlot, writeOrders, type StoredOrder } from '../stack/swap-storage.ts';
import { getOrdersCount } from '../../src/lib/chain/contracts/swap.ts';
import { openHistoryStore } from '../../src/lib/chain/history/history-store.ts';
import {
  keptOrderBook,
  resetOrderBookCache,
  syncOrderBook,
  type BookSyncReport,
} from '../../src/lib/chain/swap-book.ts';
import { bookRows, listingRows, recordRows } from '../../src/features/swap/hooks/orders.ts';

/** The app's read settings on the local chain, counting HTTP requests (one per batch) and the JSON bytes each way. */
class CountingProvider extends JsonRpcProvider {
  requests = 0;
  bytes = 0;
  constructor(url: string) {
    const network = Network.from(31337);
    super(url, network, { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 100 });
  }
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    this.requests += 1;
    this.bytes += JSON.stringify(payload).length;
    const result = await super._send(payload);
    this.bytes += JSON.stringify(result).length;
    return result;
  }
}

/** The bench's book: owners in turn, Natura and USDT deposits alternating, every `openEvery`-th order open. */
const benchOrder =
  (owners: string[], [natura, usdt]: [string, string], openEvery: number) =>
  (id: number): StoredOrder => {
    const isNatura = id % 2 === 0;
    return {
      owner: owners[id % owners.length]!,
      tokenA: isNatura ? natura : usdt,
      amountA: isNatura ? BigInt(1 + (id % 7)) * 10n ** 18n : BigInt(1 + (id % 5)) * 10n ** 6n,
      price: isNatura ? BigInt(500_000 + ((id * 7919) % 1_000_000)) : BigInt(5 + (id % 13)) * 10n ** 17n,
      orderType: id % 3 === 0 ? 'buy' : 'sell',
      status: id % openEvery === 0 ? 1 : id % 3 === 0 ? 2 : 0,
    };
  };

interface Visit {
  requests: number;
  bytes: number;
  /** The kept book read and its first view: what the page paints first (none on a cold visit). */
  paintMs: number;
  ms: number;
  mode: string;
  readById: number;
}

const tokensOf = (natura: string, usdt: string) => ({ natura: natura as `0x${string}`, usdt: usdt as `0x${string}` });

export async function incrementalBench() {
  const sizes = (process.argv[3] ?? '2000,5000,20000').split(',').map(Number);
  const runs = Number(process.argv[4] ?? 3);
  const anvil = await startAnvil({ port: 0, pruneHistory: true });
  const rows: string[] = [];
  let budgetFailure: string | null = null;
  try {
    const d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
    const { natura, usdt, swap } = d.contracts;
    const owners = devAccounts(5)
      .slice(1, 5)
      .map((w) => w.address);
    const tokens = tokensOf(natura, usdt);
    const orderAt = benchOrder(owners, [natura, usdt], 20);
    const slot = await findOrderBookSlot(
      anvil.url,
      swap,
      await getOrdersCount(new CountingProvider(anvil.url), swap as `0x${string}`),
    );
    for (const size of sizes) {
      const counter = new CountingProvider(anvil.url);
      const current = await getOrdersCount(counter, swap as `0x${string}`);
      // 5 % open: every 20th order; 1 % more orders arrive between the cold and the warm visit.
      const since = Math.max(1, Math.round(size / 100));
      if (current < size - since)
        await writeOrders(anvil.url, swap, slot, { from: current, to: size - since }, orderAt);
      const store = await openHistoryStore();
      const visit = async (chainId: number): Promise<Visit> => {
        resetOrderBookCache(); // a new tab: the book comes from the store, not from memory
        counter.requests = 0;
        counter.bytes = 0;
        let report: BookSyncReport = { mode: 'one-call', readById: 0 };
        const start = performance.now();
        // As the page does (features/swap/api/get-swap-orders.ts): the kept book painted first, beside the read.
        const kept = await keptOrderBook({ swap: swap as `0x${string}`, chainId, store });
        if (kept) bookRows(kept.orders, tokens, 'buy', 'natura');
        const paintMs = kept ? performance.now() - start : Number.NaN;
        const orders = await syncOrderBook(
          { runner: counter, swap: swap as `0x${string}`, chainId, store },
          (r) => (report = r),
        );
        // The page's first paint needs the shown view: the first book tab (the others are memoised on first use).
        bookRows(orders, tokens, 'buy', 'natura');
        const ms = performance.now() - start;
        listingRows(orders, tokens, owners[0]!);
        recordRows(orders, tokens, 'all');
        return {
          requests: counter.requests,
          bytes: counter.bytes,
          paintMs,
          ms,
          mode: report.mode,
          readById: report.readById,
        };
      };
      const colds: Visit[] = [];
      const warms: Visit[] = [];
      for (let run = 0; run < runs; run += 1) {
        // A chain id of its own per run: a cold cache each time, on the same book.
        const chainId = 31337 + size * 10 + run;
        const before = await getOrdersCount(counter, swap as `0x${string}`);
        if (before > size - since) throw new Error('the book grew past its size');
        colds.push(await visit(chainId));
        await writeOrders(anvil.url, swap, slot, { from: before, to: size }, orderAt);
        warms.push(await visit(chainId));
        // Back to the size before the new orders, for the next run.
        await writeOrders(anvil.url, swap, slot, { from: before, to: before }, orderAt);
      }
      const median = (visits: Visit[], key: 'ms' | 'paintMs' | 'requests' | 'bytes') =>
        [...visits.map((v) => v[key])].sort((a, b) => a - b)[Math.floor(visits.length / 2)]!;
      const open = Math.ceil(size / 20);
      const line = (label: string, visits: Visit[]) =>
        `| ${size.toLocaleString('en')} (${open.toLocaleString('en')} open) | ${label} | ${visits[0]!.mode} | ${visits[0]!.readById.toLocaleString('en')} | ${median(visits, 'requests')} | ${(median(visits, 'bytes') / 1024).toFixed(0)} kB | ${Number.isNaN(median(visits, 'paintMs')) ? '—' : `${median(visits, 'paintMs').toFixed(0)} ms`} | ${median(visits, 'ms').toFixed(0)} ms |`;
      rows.push(line('cold', colds), line(`warm (+${since} new)`, warms));
      console.log(rows.at(-2));
      console.log(rows.at(-1));
      if (size >= 20_000 && !(median(warms, 'paintMs') <= 1000))
        budgetFailure = `budget 7b: the warm first paint of ${size} orders took ${median(warms, 'paintMs').toFixed(0)} ms (> 1 000 ms)`;
      counter.destroy();
    }
  } finally {
    await anvil.stop();
  }
  console.log(
    `\nruns: ${runs}, medians; first paint = the kept book read from the store + the first book view; read = sync (count + reads + store) + the first book view`,
  );
  console.log('| orders | visit | read | orders read by id | HTTP requests | JSON bytes | first paint | read |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (budgetFailure) {
    console.error(budgetFailure);
    process.exitCode = 1;
  } else if (sizes.some((size) => size >= 20_000))
    console.log('budget 7b (the warm first paint of 20 000 orders within 1 s): met');
}
