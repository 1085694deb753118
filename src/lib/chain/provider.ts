import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import { getConfig } from '@/config/env';
import {
  assertReadNodeChain,
  chainIdProbe,
  isProbeAnswer,
  resetReadNodeChain,
  settleProbe,
} from '@/lib/chain/read-node-chain';
import {
  createNodePool,
  getNodePool,
  resetNodePool,
  sendToNodes,
  WrongChainNode,
  type NodePool,
} from '@/lib/chain/rpc-nodes';

/**
 * The read-only JSON-RPC provider: every chain read of the app goes through it, no wallet needed.
 * Only lazily loaded pages reach this module (ethers stays out of the first-load bundle).
 */

export interface ReadProviderOptions {
  /** How often `tx.wait()` and event subscriptions poll the node, in ms. */
  pollingInterval?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * ethers' JSON-RPC transport with three changes: each batch goes to the healthiest read node and fails over to the
 * next (rpc-nodes.ts), the request times out (READ_TIMEOUT_MS, shorter while another node is left), and the answer's
 * bytes are decoded by the platform's TextDecoder instead of ethers' own JavaScript UTF-8 loop, which blocks the page for ≈ 200 ms on
 * a 1 MB answer (the order book at 2 000 orders; scripts/bench/swap-order-book.ts). A body that is
 * not UTF-8 or not JSON fails with ethers' own error, as before.
 */
class ReadProvider extends JsonRpcProvider {
  constructor(
    private readonly nodes: NodePool,
    network: Network,
    options: ConstructorParameters<typeof JsonRpcProvider>[2],
  ) {
    super(nodes.order()[0], network, options);
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    assertReadNodeChain();
    try {
      const answers = await sendToNodes(this.nodes, (url, timeoutMs) => this.sendTo(url, timeoutMs, payload));
      assertReadNodeChain();
      return answers;
    } catch (error) {
      if (!(error instanceof WrongChainNode)) throw error;
      assertReadNodeChain();
      throw new Error('No JSON-RPC node on the configured chain answered');
    }
  }

  /** One node's answers, or a rejection when it failed on the way (sendToNodes then asks the next node). */
  private async sendTo(url: string, timeoutMs: number, payload: JsonRpcPayload | JsonRpcPayload[]) {
    // The node's chain id rides along until it is known (read-node-chain.ts): no request of its own.
    const probe = chainIdProbe(url);
    const request = this._getConnection();
    request.url = url;
    // ethers waits 5 minutes by default; a hung node must fail a read quickly (see READ_TIMEOUT_MS).
    request.timeout = timeoutMs;
    // ethers retries a 429 itself for seconds; here the next node answers instead.
    request.setThrottleParams({ maxAttempts: 1 });
    request.body = JSON.stringify(probe ? [probe, ...(Array.isArray(payload) ? payload : [payload])] : payload);
    request.setHeader('content-type', 'application/json');
    const response = await request.send();
    response.assertOk();
    let answer: unknown;
    try {
      answer = JSON.parse(utf8.decode(response.body ?? new Uint8Array()));
    } catch {
      answer = response.bodyJson;
    }
    // One error object for a batch: the node refused the request as a whole (a rate limit, a batch it does not take).
    if (Array.isArray(payload) && !Array.isArray(answer)) throw new Error('The JSON-RPC node refused the batch');
    const answers: unknown[] = Array.isArray(answer) ? answer : [answer];
    if (!probe) return answers as JsonRpcResult[];
    if (settleProbe(url, answers.find(isProbeAnswer)) === 'wrong') throw new WrongChainNode(url);
    return answers.filter((entry) => !isProbeAnswer(entry)) as JsonRpcResult[];
  }
}

/**
 * A provider pinned to `chainId`:
 * - `staticNetwork` skips the eth_chainId round trip before every request;
 * - `cacheTimeout: -1` disables the block-number cache, which otherwise serves stale blocks after
 *   time travel on a dev chain (and stale reads right after a confirmed transaction);
 * - a short polling interval makes receipts arrive quickly on chains with fast blocks.
 */
export function createReadProvider(
  nodes: NodePool | string,
  chainId: number,
  options: ReadProviderOptions = {},
): JsonRpcProvider {
  const network = Network.from(chainId);
  return new ReadProvider(typeof nodes === 'string' ? createNodePool([nodes]) : nodes, network, {
    staticNetwork: network,
    cacheTimeout: -1,
    pollingInterval: options.pollingInterval ?? 1000,
  });
}

let readProvider: JsonRpcProvider | undefined;

/** The app's shared read provider over the configured read nodes (rpc-nodes.ts), created on first use. */
export function getReadProvider(): JsonRpcProvider {
  if (!readProvider) {
    const config = getConfig();
    readProvider = createReadProvider(getNodePool(), config.chainId);
  }
  return readProvider;
}

/**
 * Drops the shared read provider; the next `getReadProvider()` creates a new one. Reads it had
 * queued but not yet sent are rejected instead of reaching whatever node answers next. The app
 * never needs this (one provider for its lifetime); tests call it between cases so that a page
 * left mid-read cannot send its batch to the next test's node.
 */
export function resetReadProvider(): void {
  readProvider?.destroy();
  readProvider = undefined;
  resetReadNodeChain();
  resetNodePool();
}
