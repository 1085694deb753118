import { isError } from 'ethers';
import { openHistoryStore, type HistoryStore, type StoredLog } from '@/lib/chain/history/history-store';

/**
 * The one way the app reads what happened on chain: every event log of a configured contract, from its deployment
 * block to the newest block, kept in the history store so that a second visit (or a reload in the middle of a
 * long first read) only reads the blocks it has not seen. Features decode the logs they need
 * (src/lib/chain/history/events.ts) and build their figures in query hooks.
 *
 * - Start block: the configured one (`VITE_START_BLOCKS`, the local stack writes its own); otherwise found once by a
 *   binary search of `eth_getCode` over block heights (deployed-system.md §C9.4b) and kept.
 * - Ranges of at most `maxRange` blocks, several per HTTP request (ethers batches requests made in the same tick);
 *   a node that refuses a range (too wide, too many results) is asked for its halves, down to one block, and the
 *   smaller size is kept for the rest of the read.
 * - A request that failed on the way (timeout, 5xx, rate limit) is retried a few times, backing off.
 * - The newest `finality` blocks are read every time and never stored: a reorganised tail cannot stick.
 */

export type ChainLog = StoredLog;

/** The node methods history needs (node-reads.ts; ethers' JSON-RPC provider has them all too). */
export interface HistorySource {
  getBlockNumber(): Promise<number>;
  getLogs(filter: { address: string; fromBlock: number; toBlock: number }): Promise<readonly RawLog[]>;
  getCode(address: string, blockTag: number): Promise<string>;
  getBlock(blockTag: number): Promise<{ number: number; hash: string | null; timestamp: number } | null>;
  getTransactionReceipt(hash: string): Promise<{ logs: readonly RawLog[] } | null>;
}

export interface RawLog {
  address: string;
  blockNumber: number;
  index: number;
  transactionHash: string;
  topics: readonly string[];
  data: string;
}

export interface HistorySettings {
  source: HistorySource;
  store: HistoryStore;
  chainId: number;
  /** Configured start blocks by lower-case address. */
  startBlocks: ReadonlyMap<string, number>;
  maxRange: number;
  /** Blocks behind the head that are read each time and never stored. */
  finality?: number;
  /** Reports progress of a long read: blocks read of blocks to read. */
  onProgress?: (read: number, total: number) => void;
}

const RETRIES = 3;
/** Ranges requested at once (one batched HTTP request). */
const PARALLEL_RANGES = 4;
const DEFAULT_FINALITY = 32;

const toStored = (log: RawLog): StoredLog => ({
  address: log.address,
  blockNumber: log.blockNumber,
  logIndex: log.index,
  transactionHash: log.transactionHash,
  topics: [...log.topics],
  data: log.data,
});

/** A failure on the way (worth asking again) rather than the node refusing the request (worth asking for less). */
function isTransient(error: unknown): boolean {
  if (isError(error, 'TIMEOUT') || isError(error, 'NETWORK_ERROR') || isError(error, 'SERVER_ERROR')) return true;
  const status = (error as { info?: { responseStatus?: string } } | null)?.info?.responseStatus ?? '';
  return /^(429|5\d\d)\b/.test(status);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= RETRIES || !isTransient(error)) throw error;
      await pause(200 * 2 ** attempt);
    }
  }
}

/** Every log of `address` in [from, to]: ranges of at most `size.current` blocks, halved when refused. */
async function readRange(source: HistorySource, address: string, from: number, to: number, size: { current: number }) {
  const read = async (start: number, end: number): Promise<StoredLog[]> => {
    try {
      const logs = await withRetries(() => source.getLogs({ address, fromBlock: start, toBlock: end }));
      return logs.map(toStored);
    } catch (error) {
      if (end === start || isTransient(error)) throw error;
      const half = Math.ceil((end - start + 1) / 2);
      size.current = Math.min(size.current, half);
      const [first, second] = await Promise.all([read(start, start + half - 1), read(start + half, end)]);
      return [...first, ...second];
    }
  };
  return read(from, to);
}

/** The first block at which `address` has code: a binary search of `eth_getCode` over block heights. */
export async function findDeploymentBlock(source: HistorySource, address: string, head: number): Promise<number> {
  const hasCode = async (block: number) => (await withRetries(() => source.getCode(address, block))) !== '0x';
  if (!(await hasCode(head))) return head;
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await hasCode(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

export function createHistoryReader(settings: HistorySettings) {
  const { source, store, chainId, maxRange } = settings;
  const finality = settings.finality ?? DEFAULT_FINALITY;
  const inFlight = new Map<string, Promise<ChainLog[]>>();

  async function startBlockOf(address: string, head: number): Promise<number> {
    const configured = settings.startBlocks.get(address.toLowerCase());
    if (configured !== undefined) return configured;
    const key = `start:${chainId}:${address.toLowerCase()}`;
    const known = await store.fact<number>(key);
    if (known !== undefined) return known;
    const found = await findDeploymentBlock(source, address, head);
    if (found < head) await store.keepFact(key, found);
    return found;
  }

  async function scan(address: string): Promise<ChainLog[]> {
    const key = `logs:${chainId}:${address.toLowerCase()}`;
    const head = await withRetries(() => source.getBlockNumber());
    const startBlock = await startBlockOf(address, head);
    let progress = await store.progress(key);
    if (progress) {
      const tip = progress.scannedTo <= head ? await withRetries(() => source.getBlock(progress!.scannedTo)) : null;
      if (progress.startBlock !== startBlock || tip?.hash !== progress.scannedHash) {
        await store.drop(key);
        progress = undefined;
      }
    }
    const stored = progress ? await store.logs(key) : [];
    const safe = head - finality;
    let next = progress ? progress.scannedTo + 1 : startBlock;
    const size = { current: Math.max(1, maxRange) };
    const first = next;
    const total = Math.max(0, head - first + 1);
    const fresh: ChainLog[] = [];
    // Stored part: windows of PARALLEL_RANGES ranges, each window kept as soon as it is read.
    while (next <= safe) {
      const ranges: [number, number][] = [];
      let start = next;
      for (let i = 0; i < PARALLEL_RANGES && start <= safe; i += 1) {
        const end = Math.min(safe, start + size.current - 1);
        ranges.push([start, end]);
        start = end + 1;
      }
      const [read, tip] = await Promise.all([
        Promise.all(ranges.map(([from, to]) => readRange(source, address, from, to, size))),
        withRetries(() => source.getBlock(start - 1)),
      ]);
      const logs = read.flat();
      await store.append(key, logs, { startBlock, scannedTo: start - 1, scannedHash: tip?.hash ?? '' });
      stored.push(...logs);
      next = start;
      settings.onProgress?.(next - first, total);
    }
    // The tail near the head: read every time, never stored.
    if (next <= head) fresh.push(...(await readRange(source, address, next, head, size)));
    settings.onProgress?.(total, total);
    return [...stored, ...fresh].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  }

  return {
    /** Every log of `address` from its start block to the newest block, oldest first. */
    contractLogs(address: string): Promise<ChainLog[]> {
      const key = address.toLowerCase();
      let running = inFlight.get(key);
      if (!running) {
        running = scan(address).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      return running;
    },

    /** Unix seconds of each block, one batched request for those not seen before. */
    async blockTimes(blocks: readonly number[]): Promise<Map<number, number>> {
      const times = new Map<number, number>();
      const unique = [...new Set(blocks)];
      await Promise.all(
        unique.map(async (block) => {
          const key = `time:${chainId}:${block}`;
          let time = await store.fact<number>(key);
          if (time === undefined) {
            const found = await withRetries(() => source.getBlock(block));
            if (!found) return;
            time = found.timestamp;
            await store.keepFact(key, time);
          }
          times.set(block, time);
        }),
      );
      return times;
    },

    /** The logs of a mined transaction (a sale's USDT transfers, a mint's payment), kept once read. */
    async transactionLogs(hash: string): Promise<ChainLog[]> {
      const key = `receipt:${chainId}:${hash.toLowerCase()}`;
      const known = await store.fact<ChainLog[]>(key);
      if (known) return known;
      const receipt = await withRetries(() => source.getTransactionReceipt(hash));
      const logs = (receipt?.logs ?? []).map(toStored);
      if (receipt) await store.keepFact(key, logs);
      return logs;
    },

    startBlockOf: async (address: string) => startBlockOf(address, await source.getBlockNumber()),
  };
}

export type HistoryReader = ReturnType<typeof createHistoryReader>;

let shared: Promise<HistoryReader> | undefined;

/**
 * The app's reader: the read nodes (node-reads.ts: the call runner's transport, no provider code), IndexedDB and the
 * configured start blocks. Loaded only where history is shown.
 */
export function getHistoryReader(): Promise<HistoryReader> {
  shared ??= (async () => {
    const [{ getNodeReads }, { getConfig }, store] = await Promise.all([
      import('@/lib/chain/node-reads'),
      import('@/config/env'),
      openHistoryStore(),
    ]);
    const config = getConfig();
    return createHistoryReader({
      source: getNodeReads(),
      store,
      chainId: config.chainId,
      startBlocks: config.history.startBlocks,
      maxRange: config.history.maxRange,
      finality: config.history.finality,
    });
  })();
  return shared;
}

/** Tests: the next `getHistoryReader()` starts again (its chain is new). */
export function resetHistoryReader(): void {
  shared = undefined;
}
