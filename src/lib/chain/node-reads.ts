import { isError, makeError, toQuantity } from 'ethers';
import { createRpcBatcher, type RpcAnswer, type RpcBatcher } from '@/lib/chain/call-runner';
import type { CallInputSource } from '@/lib/chain/history/call-inputs';
import type { HistorySource, RawLog } from '@/lib/chain/history/log-reader';
import { getNodePool, type NodePool } from '@/lib/chain/rpc-nodes';

/**
 * The node reads chain history needs (logs, blocks, code, receipts, transactions) over the call runner's batched
 * `fetch` transport (call-runner.ts), not ethers' provider: a page that shows history while signed out (the
 * dashboard's trades, the collection's figures, the staking pools' yearly rate) loads no provider chunk. Requests
 * made within 10 ms of one another leave as one HTTP request, through the read nodes' failover (rpc-nodes.ts).
 *
 * Errors keep the meaning the history reader acts on (log-reader.ts `isTransient`): no node answered at all →
 * NETWORK_ERROR, TIMEOUT or SERVER_ERROR (worth asking again); the node answered the request with an error (a range
 * too wide, too many results) → UNKNOWN_ERROR (worth asking for less).
 */
export type NodeReads = HistorySource & CallInputSource;

const BATCH_STALL_MS = 10;

const quantity = (value: unknown): number => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new Error(`Not a quantity: ${String(value)}`);
  return Number(value);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function rawLog(entry: unknown): RawLog {
  const log = entry as Record<string, unknown>;
  return {
    address: text(log.address),
    blockNumber: quantity(log.blockNumber),
    index: quantity(log.logIndex),
    transactionHash: text(log.transactionHash),
    topics: Array.isArray(log.topics) ? log.topics.map(text) : [],
    data: text(log.data),
  };
}

export function createNodeReads(nodes: NodePool): NodeReads & { close(): void } {
  let closed = false;
  // ethers' provider waits as long (its batchStallTime) before it sends a batch: history's reads arrive over a few
  // tasks (ranges, then the block times and receipts of what they found) and leave together.
  const batch: RpcBatcher = createRpcBatcher(nodes, BATCH_STALL_MS);
  /** The request's result; a node's error answer or a missing result rejects as UNKNOWN_ERROR. */
  const read = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    if (closed) throw makeError('The node reads were closed', 'UNKNOWN_ERROR', { info: { method } });
    let answer: RpcAnswer;
    try {
      answer = await batch(method, params);
    } catch (error) {
      // No node answered: a failure on the way, whatever its form (a refused connection is a TypeError).
      if (isError(error, 'TIMEOUT')) throw error;
      throw makeError(error instanceof Error ? error.message : String(error), 'NETWORK_ERROR', { event: method });
    }
    if (answer.error || !('result' in answer)) {
      throw makeError(answer.error?.message ?? 'The JSON-RPC node gave no result', 'UNKNOWN_ERROR', {
        info: { method, answer },
      });
    }
    return answer.result;
  };

  return {
    /** Reads after this fail at once, retries included (a test's reads must not reach the next test's node). */
    close: () => {
      closed = true;
    },
    getBlockNumber: async () => quantity(await read('eth_blockNumber', [])),
    async getLogs({ address, fromBlock, toBlock }) {
      const logs = await read('eth_getLogs', [
        { address, fromBlock: toQuantity(fromBlock), toBlock: toQuantity(toBlock) },
      ]);
      if (!Array.isArray(logs)) throw makeError('The JSON-RPC node gave no logs', 'UNKNOWN_ERROR');
      return logs.map(rawLog);
    },
    getCode: async (address, blockTag) => text(await read('eth_getCode', [address, toQuantity(blockTag)])),
    async getBlock(blockTag) {
      const block = (await read('eth_getBlockByNumber', [toQuantity(blockTag), false])) as Record<
        string,
        unknown
      > | null;
      if (!block) return null;
      return {
        number: quantity(block.number),
        hash: typeof block.hash === 'string' ? block.hash : null,
        timestamp: quantity(block.timestamp),
      };
    },
    async getTransactionReceipt(hash) {
      const receipt = (await read('eth_getTransactionReceipt', [hash])) as { logs?: unknown } | null;
      if (!receipt) return null;
      return { logs: Array.isArray(receipt.logs) ? receipt.logs.map(rawLog) : [] };
    },
    async getTransaction(hash) {
      const tx = (await read('eth_getTransactionByHash', [hash])) as { to?: unknown; input?: unknown } | null;
      if (!tx) return null;
      return { to: typeof tx.to === 'string' ? tx.to : null, data: text(tx.input) };
    },
  };
}

let shared: ReturnType<typeof createNodeReads> | undefined;

/** The app's node reads over the configured read nodes, created on first use. */
export function getNodeReads(): NodeReads {
  shared ??= createNodeReads(getNodePool());
  return shared;
}

/** Tests: the next `getNodeReads()` starts again (its nodes are new); the old one's reads stop. */
export function resetNodeReads(): void {
  shared?.close();
  shared = undefined;
}
