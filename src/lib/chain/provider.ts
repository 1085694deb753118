import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import { getConfig } from '@/config/env';
import { READ_TIMEOUT_MS } from '@/lib/errors/app-error';
import {
  assertReadNodeChain,
  chainIdProbe,
  isProbeAnswer,
  resetReadNodeChain,
  settleProbe,
} from '@/lib/chain/read-node-chain';

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
 * ethers' JSON-RPC transport with two changes: the request times out after READ_TIMEOUT_MS, and the answer's bytes are decoded by the platform's
 * TextDecoder instead of ethers' own JavaScript UTF-8 loop, which blocks the page for ≈ 200 ms on
 * a 1 MB answer (the order book at 2 000 orders; scripts/bench/swap-order-book.ts). A body that is
 * not UTF-8 or not JSON fails with ethers' own error, as before.
 */
class ReadProvider extends JsonRpcProvider {
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    assertReadNodeChain();
    // The node's chain id rides along until it is known (read-node-chain.ts): no request of its own.
    const probe = chainIdProbe();
    const request = this._getConnection();
    // ethers waits 5 minutes by default; a hung node must fail a read quickly (see READ_TIMEOUT_MS).
    request.timeout = READ_TIMEOUT_MS;
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
    const answers: unknown[] = Array.isArray(answer) ? answer : [answer];
    if (!probe) return answers as JsonRpcResult[];
    settleProbe(answers.find(isProbeAnswer));
    assertReadNodeChain();
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
  rpcUrl: string,
  chainId: number,
  options: ReadProviderOptions = {},
): JsonRpcProvider {
  const network = Network.from(chainId);
  return new ReadProvider(rpcUrl, network, {
    staticNetwork: network,
    cacheTimeout: -1,
    pollingInterval: options.pollingInterval ?? 1000,
  });
}

let readProvider: JsonRpcProvider | undefined;

/** The app's shared read provider for the configured RPC URL, created on first use. */
export function getReadProvider(): JsonRpcProvider {
  if (!readProvider) {
    const config = getConfig();
    readProvider = createReadProvider(config.rpcUrl, config.chainId);
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
}
