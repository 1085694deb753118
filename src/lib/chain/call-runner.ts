import { AbiCoder, makeError, toQuantity, type ContractRunner, type TransactionRequest } from 'ethers';
import { assertReadNodeChain, chainIdProbe, isProbeAnswer, settleProbe } from '@/lib/chain/read-node-chain';
import { createNodePool, getNodePool, sendToNodes, WrongChainNode, type NodePool } from '@/lib/chain/rpc-nodes';

/** When the last node tried was on another chain: the verdict, if every node is (else that node's failure). */
function wrongChainFailure(): unknown {
  try {
    assertReadNodeChain();
  } catch (verdict) {
    return verdict;
  }
  return new Error('No JSON-RPC node on the configured chain answered');
}

/**
 * A read-only contract runner that only knows `eth_call`, over `fetch`. The contract modules read
 * through it exactly as through the JSON-RPC provider (lib/chain/provider.ts), but it does not
 * bring ethers' provider code with it (≈ 66 kB gzipped, most of it unused by a page that only
 * reads): the signed-out staking page reads its pools with it and loads no provider chunk.
 *
 * Calls made in the same tick leave as one JSON-RPC batch (one HTTP request), as the provider
 * batches them. A revert rejects as ethers' CALL_EXCEPTION (with the revert data, so reasons and
 * `orNull` work as with the provider); a node or network failure rejects with what went wrong.
 */

interface PendingRequest {
  id: number;
  method: string;
  params: readonly unknown[];
  resolve: (answer: RpcAnswer) => void;
  reject: (error: unknown) => void;
}

export interface RpcAnswer {
  id: number;
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
}

/** The largest batch the provider sends too (ethers' batchMaxCount). */
const MAX_BATCH = 100;

function hexOf(value: unknown): string | null {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? value : null;
}

function revertData(error: RpcAnswer['error']): string | null {
  const data = error?.data;
  if (typeof data === 'string') return hexOf(data);
  if (data && typeof data === 'object' && 'data' in data) return hexOf(data.data);
  return null;
}

function isRevert(error: NonNullable<RpcAnswer['error']>): boolean {
  return error.code === 3 || /revert/i.test(error.message ?? '');
}

/**
 * The node ran the call out of the gas it allows an eth_call, or refused the gas asked for. Nodes say it in their
 * own words and codes: anvil -32603 "EVM error OutOfGas", -32000 "intrinsic gas too high -- CallGasCostMoreThanGasLimit";
 * geth/bor -32000 "out of gas", "gas required exceeds allowance (…)", "exceeds block gas limit"; erigon and others a
 * "gas cap"/"gas limit" wording. The call itself failed (as ethers' provider says of any eth_call error): callers
 * such as the order book read fall back to smaller calls on it.
 */
const OUT_OF_GAS =
  /out ?of ?gas|gas required exceeds|exceeds (the )?block gas limit|intrinsic gas too (high|low)|gas ?cap|gas limit (reached|exceeded)|CallGasCostMoreThanGasLimit/i;

function isOutOfGas(error: NonNullable<RpcAnswer['error']>): boolean {
  return OUT_OF_GAS.test(error.message ?? '');
}

/** One node's answers to a batch, or a rejection when the node failed on the way (sendToNodes then asks the next). */
async function postBatch(url: string, timeoutMs: number, calls: object[]): Promise<RpcAnswer[]> {
  // A node that never answers fails the batch as ethers' own fetch timeout does (code TIMEOUT).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // The node's chain id rides along until it is known (read-node-chain.ts): no request of its own.
    const probe = chainIdProbe(url);
    const response = await fetch(url, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(probe ? [probe, ...calls] : calls),
    });
    if (!response.ok) throw new Error(`The JSON-RPC node answered HTTP ${response.status}`);
    const body: unknown = await response.json();
    // One error object for a whole batch: the node refused the request (a rate limit, a batch it does not take).
    if (!Array.isArray(body)) throw new Error('The JSON-RPC node refused the batch');
    if (probe && settleProbe(url, body.find(isProbeAnswer)) === 'wrong') throw new WrongChainNode(url);
    return (body as RpcAnswer[]).filter((answer) => !isProbeAnswer(answer));
  } catch (error) {
    throw controller.signal.aborted ? makeError('The JSON-RPC node did not answer in time', 'TIMEOUT') : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * JSON-RPC requests to the read nodes, batched: requests made in the same tick (or within `stallMs` of the first)
 * leave as one HTTP request (at most MAX_BATCH each). Resolves with the node's answer to each request (its `result` or `error`); rejects when no node
 * answered at all (every node failed on the way, or all are on another chain).
 */
export type RpcBatcher = (method: string, params: readonly unknown[]) => Promise<RpcAnswer>;

export function createRpcBatcher(nodes: NodePool, stallMs = 0): RpcBatcher {
  let queue: PendingRequest[] = [];
  let nextId = 1;

  async function send(batch: PendingRequest[]) {
    try {
      assertReadNodeChain();
      const requests = batch.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, params }));
      const all = await sendToNodes(nodes, (url, timeoutMs) => postBatch(url, timeoutMs, requests));
      assertReadNodeChain();
      const answers = new Map(all.map((a) => [a.id, a]));
      for (const request of batch) request.resolve(answers.get(request.id) ?? { id: request.id });
    } catch (error) {
      // Every node failed (or all are on another chain): the last failure, as with one node.
      const failure = error instanceof WrongChainNode ? wrongChainFailure() : error;
      for (const request of batch) request.reject(failure);
    }
  }

  function flush() {
    const requests = queue;
    queue = [];
    for (let start = 0; start < requests.length; start += MAX_BATCH)
      void send(requests.slice(start, start + MAX_BATCH));
  }

  return (method, params) =>
    new Promise<RpcAnswer>((resolve, reject) => {
      // A timer, not a microtask: the reads of one Promise.all reach the batcher over several microtasks; `stallMs`
      // more gathers reads that follow one another over a few tasks (history's ranges, block times).
      if (queue.length === 0) setTimeout(flush, stallMs);
      queue.push({ id: nextId++, method, params, resolve, reject });
    });
}

export function createCallRunner(nodeOrNodes: NodePool | string): ContractRunner {
  const request = createRpcBatcher(typeof nodeOrNodes === 'string' ? createNodePool([nodeOrNodes]) : nodeOrNodes);
  return {
    provider: null,
    async call(call: TransactionRequest) {
      const to = typeof call.to === 'string' ? call.to : null;
      const data = hexOf(call.data);
      if (!to || !data) throw new Error('A contract read needs a target address and call data');
      const transaction = {
        to,
        data,
        ...(typeof call.from === 'string' ? { from: call.from } : {}),
        // The gas a read offers (the order book asks for more than a node's default call gas).
        ...(call.gasLimit !== undefined && call.gasLimit !== null ? { gas: toQuantity(call.gasLimit) } : {}),
      };
      const answer = await request('eth_call', [transaction, 'latest']);
      const result = hexOf(answer.result);
      if (answer.error && isRevert(answer.error)) {
        throw AbiCoder.getBuiltinCallException('call', transaction, revertData(answer.error));
      }
      if (answer.error && isOutOfGas(answer.error)) {
        const failure = AbiCoder.getBuiltinCallException('call', transaction, null);
        failure.info = { answer };
        throw failure;
      }
      if (answer.error || result === null) {
        throw makeError(answer.error?.message ?? 'The JSON-RPC node gave no result', 'UNKNOWN_ERROR', {
          info: { transaction, answer },
        });
      }
      return result;
    },
  };
}

/** The newest block number from the read nodes (the live pages' follower, src/lib/query/block-follower.ts). */
export async function readBlockNumber(): Promise<number> {
  assertReadNodeChain();
  const request = [{ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }];
  const [answer] = await sendToNodes(getNodePool(), (url, timeoutMs) => postBatch(url, timeoutMs, request));
  const block = hexOf(answer?.result);
  if (block === null) throw new Error('The JSON-RPC node gave no block number');
  return Number(block);
}

let callRunner: ContractRunner | undefined;

/** The app's shared read-only runner over the configured read nodes, created on first use. */
export function getCallRunner(): ContractRunner {
  callRunner ??= createCallRunner(getNodePool());
  return callRunner;
}

/** Forgets the shared runner and its queue (tests: a read queued under fake timers must not outlive its test). */
export function resetCallRunner(): void {
  callRunner = undefined;
}
