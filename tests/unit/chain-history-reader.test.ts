/**
 * The chain-history log reader (src/lib/chain/history/log-reader.ts) over a scripted node: bounded ranges, halving
 * when the node refuses a range, retries of transient failures, the store (a second visit reads only new blocks),
 * resuming after a failure part-way, dropping a scan whose last block changed (reorg, new dev chain), the finality
 * tail, and the eth_getCode binary search for a start block that is not configured.
 */
import { makeError } from 'ethers';
import { describe, expect, it } from 'vitest';
import { memoryHistoryStore, type HistoryStore } from '@/lib/chain/history/history-store';
import {
  createHistoryReader,
  findDeploymentBlock,
  type HistorySource,
  type RawLog,
} from '@/lib/chain/history/log-reader';

const CONTRACT = '0x00000000000000000000000000000000000000c0';

interface NodeScript {
  head: number;
  /** Blocks that hold one log of CONTRACT each. */
  logBlocks: number[];
  /** The node refuses eth_getLogs over more blocks than this. */
  maxSpan?: number;
  deployedAt?: number;
  /** eth_getLogs calls that fail with a timeout before answering. */
  timeouts?: number;
  /** Block hashes get this suffix (a new chain with the same heights). */
  fork?: string;
}

function scriptedNode(script: NodeScript) {
  const calls = { getLogs: [] as [number, number][], getCode: 0, getBlock: 0 };
  let timeouts = script.timeouts ?? 0;
  const log = (block: number): RawLog => ({
    address: CONTRACT,
    blockNumber: block,
    index: 0,
    transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
    topics: ['0x01'],
    data: '0x',
  });
  const source: HistorySource = {
    getBlockNumber: () => Promise.resolve(script.head),
    getLogs: ({ fromBlock, toBlock }) => {
      calls.getLogs.push([fromBlock, toBlock]);
      if (timeouts > 0) {
        timeouts -= 1;
        const timeout: Error = makeError('request timeout', 'TIMEOUT', { operation: 'getLogs', reason: 'timeout' });
        return Promise.reject(timeout);
      }
      if (script.maxSpan && toBlock - fromBlock + 1 > script.maxSpan) {
        const refused: Error = makeError('query returned more than 10000 results', 'UNKNOWN_ERROR', {});
        return Promise.reject(refused);
      }
      return Promise.resolve(script.logBlocks.filter((b) => b >= fromBlock && b <= toBlock).map(log));
    },
    getCode: (_address, block) => {
      calls.getCode += 1;
      return Promise.resolve(block >= (script.deployedAt ?? 0) ? '0x6080' : '0x');
    },
    getBlock: (block) => {
      calls.getBlock += 1;
      return Promise.resolve({
        number: block,
        hash: `0xhash${block}${script.fork ?? ''}`,
        timestamp: 1_700_000_000 + block,
      });
    },
    getTransactionReceipt: () => Promise.resolve({ logs: [] }),
  };
  return { source, calls };
}

const reader = (source: HistorySource, store: HistoryStore, options: { maxRange?: number; start?: number } = {}) =>
  createHistoryReader({
    source,
    store,
    chainId: 31337,
    startBlocks: new Map(options.start === undefined ? [] : [[CONTRACT, options.start]]),
    maxRange: options.maxRange ?? 100,
    finality: 0,
  });

describe('chain history: the log reader', () => {
  it('reads from the start block to the head in ranges no wider than the maximum, every log once, oldest first', async () => {
    const { source, calls } = scriptedNode({ head: 1_000, logBlocks: [5, 250, 251, 999] });
    const logs = await reader(source, memoryHistoryStore(), { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([5, 250, 251, 999]);
    expect(calls.getLogs.every(([from, to]) => to - from + 1 <= 100)).toBe(true);
    expect(calls.getLogs).toHaveLength(11);
  });

  it('halves a range the node refuses and keeps the smaller size for the rest of the read', async () => {
    const { source, calls } = scriptedNode({ head: 399, logBlocks: [10, 150, 390], maxSpan: 25 });
    const logs = await reader(source, memoryHistoryStore(), { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([10, 150, 390]);
    const answered = calls.getLogs.filter(([from, to]) => to - from + 1 <= 25);
    expect(answered.reduce((blocks, [from, to]) => blocks + (to - from + 1), 0)).toBe(400);
    // After the first window the reader asks for 25-block ranges at once, not 100 → 50 → 25 again.
    const lastWindow = calls.getLogs.slice(-4);
    expect(lastWindow.every(([from, to]) => to - from + 1 <= 25)).toBe(true);
  });

  it('retries a range that timed out instead of halving it', async () => {
    const { source, calls } = scriptedNode({ head: 99, logBlocks: [42], timeouts: 2 });
    const logs = await reader(source, memoryHistoryStore(), { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([42]);
    expect(calls.getLogs).toEqual([
      [0, 99],
      [0, 99],
      [0, 99],
    ]);
  });

  it('a second visit reads only the blocks added since the first', async () => {
    const store = memoryHistoryStore();
    const script: NodeScript = { head: 500, logBlocks: [100, 400] };
    await reader(scriptedNode(script).source, store, { start: 0 }).contractLogs(CONTRACT);
    script.head = 560;
    script.logBlocks.push(555);
    const second = scriptedNode(script);
    const logs = await reader(second.source, store, { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([100, 400, 555]);
    expect(second.calls.getLogs).toEqual([[501, 560]]);
  });

  it('resumes after a failure part-way: the windows read before it are kept', async () => {
    const store = memoryHistoryStore();
    const script: NodeScript = { head: 999, logBlocks: [1, 500, 998] };
    const first = scriptedNode(script);
    const failing: HistorySource = {
      ...first.source,
      getLogs: (filter) =>
        filter.fromBlock >= 400 ? Promise.reject(new Error('execution reverted')) : first.source.getLogs(filter),
    };
    await expect(reader(failing, store, { start: 0 }).contractLogs(CONTRACT)).rejects.toThrow();
    const second = scriptedNode(script);
    const logs = await reader(second.source, store, { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([1, 500, 998]);
    expect(second.calls.getLogs[0]).toEqual([400, 499]);
  });

  it('drops what it kept when the last block it read has another hash now (a reorg, a new dev chain)', async () => {
    const store = memoryHistoryStore();
    await reader(scriptedNode({ head: 300, logBlocks: [7, 200] }).source, store, { start: 0 }).contractLogs(CONTRACT);
    const forked = scriptedNode({ head: 300, logBlocks: [8], fork: 'b' });
    const logs = await reader(forked.source, store, { start: 0 }).contractLogs(CONTRACT);
    expect(logs.map((log) => log.blockNumber)).toEqual([8]);
    expect(forked.calls.getLogs[0]).toEqual([0, 99]);
  });

  it('reads the newest blocks every time and never keeps them (finality)', async () => {
    const store = memoryHistoryStore();
    const { source } = scriptedNode({ head: 200, logBlocks: [50, 195] });
    const make = () =>
      createHistoryReader({
        source,
        store,
        chainId: 1,
        startBlocks: new Map([[CONTRACT, 0]]),
        maxRange: 100,
        finality: 10,
      });
    expect((await make().contractLogs(CONTRACT)).map((log) => log.blockNumber)).toEqual([50, 195]);
    expect((await store.progress(`logs:1:${CONTRACT}`))?.scannedTo).toBe(190);
    expect((await make().contractLogs(CONTRACT)).map((log) => log.blockNumber)).toEqual([50, 195]);
  });

  it('finds an unconfigured start block by a binary search of eth_getCode and remembers it', async () => {
    const store = memoryHistoryStore();
    const node = scriptedNode({ head: 40_000_000, logBlocks: [38_170_001], deployedAt: 38_170_000 });
    expect(await findDeploymentBlock(node.source, CONTRACT, 40_000_000)).toBe(38_170_000);
    expect(node.calls.getCode).toBeLessThanOrEqual(27);
    const history = reader(node.source, store, { maxRange: 1_000_000 });
    expect((await history.contractLogs(CONTRACT)).map((log) => log.blockNumber)).toEqual([38_170_001]);
    expect(node.calls.getLogs[0]?.[0]).toBe(38_170_000);
    const codeReads = node.calls.getCode;
    await reader(node.source, store).startBlockOf(CONTRACT);
    expect(node.calls.getCode).toBe(codeReads);
  });

  it('block times: one read per block, kept for the next call', async () => {
    const node = scriptedNode({ head: 10, logBlocks: [] });
    const history = reader(node.source, memoryHistoryStore(), { start: 0 });
    const times = await history.blockTimes([3, 3, 7]);
    expect(times).toEqual(
      new Map([
        [3, 1_700_000_003],
        [7, 1_700_000_007],
      ]),
    );
    const reads = node.calls.getBlock;
    await history.blockTimes([7]);
    expect(node.calls.getBlock).toBe(reads);
  });
});
