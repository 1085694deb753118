import { getConfig } from '@/config/env';
import { AppError } from '@/lib/errors/app-error';

/**
 * Each read node's chain id, checked once per page load (deployed-system.md §C9.7): a node of `VITE_RPC_URLS` that
 * serves another chain would otherwise be read as if it were the configured one (balances, listings, prices of
 * another network). The check costs no request of its own: while a node is not yet known to be right, both read
 * paths (call-runner.ts and provider.ts) add one `eth_chainId` entry to the JSON-RPC batch they send it anyway, and
 * hand its answer here. Once a node answered the configured id, nothing more is added; a node that answered another
 * one is left out (rpc-nodes.ts asks the next), and once every node did, every read fails with ReadNodeChainError
 * without reaching a node, and every chain section says why (ErrorState reads the verdict). No ethers here:
 * ErrorState is part of the first page.
 */

export interface ReadNodeMismatch {
  rpcUrl: string;
  /** The chain id the node answered. */
  actual: number;
  configured: number;
}

/** The id of the probe entry: a string, so it never meets the numeric ids of the reads in the batch. */
const PROBE_ID = 'read-node-chain-id';

/** Nodes that answered the configured chain id, and those that answered another one (by URL). */
const verified = new Set<string>();
const mismatches = new Map<string, ReadNodeMismatch>();
const listeners = new Set<() => void>();

class ReadNodeChainError extends AppError {
  constructor(readonly mismatch: ReadNodeMismatch) {
    super(
      'config',
      `The RPC node ${mismatch.rpcUrl} is on chain ${mismatch.actual}, the app is configured for chain ${mismatch.configured}.`,
    );
    this.name = 'ReadNodeChainError';
  }
}

/** The `eth_chainId` entry to add to the next batch sent to `url`, or null once that node's chain is known. */
export function chainIdProbe(url: string): { jsonrpc: '2.0'; id: string; method: 'eth_chainId'; params: [] } | null {
  return verified.has(url) || mismatches.has(url)
    ? null
    : { jsonrpc: '2.0', id: PROBE_ID, method: 'eth_chainId', params: [] };
}

/** True for the probe's answer in a batch's answers (to take it out before the reads see them). */
export function isProbeAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { id?: unknown }).id === PROBE_ID;
}

/**
 * Takes the answer of node `url` to the probe: 'wrong' when it is on another chain (the read path then asks the
 * next node, rpc-nodes.ts). An answer without a chain id (the node refused the method, or the batch failed) decides
 * nothing: the next batch asks again.
 */
export function settleProbe(url: string, answer: unknown): 'right' | 'wrong' | 'unknown' {
  if (verified.has(url)) return 'right';
  if (mismatches.has(url)) return 'wrong';
  const result = (answer as { result?: unknown } | undefined)?.result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) return 'unknown';
  const { chainId } = getConfig();
  const actual = Number(result);
  if (actual === chainId) {
    verified.add(url);
    return 'right';
  }
  const mismatch = { rpcUrl: url, actual, configured: chainId };
  mismatches.set(url, mismatch);
  console.warn(new ReadNodeChainError(mismatch).message);
  listeners.forEach((listener) => listener());
  return 'wrong';
}

/** The verdict that stops reads: every configured node is on another chain (the first one's mismatch is shown). */
function everyNodeWrong(): ReadNodeMismatch | null {
  if (mismatches.size === 0) return null;
  const urls = getConfig().rpcUrls;
  return urls.every((url) => mismatches.has(url)) ? (mismatches.get(urls[0] ?? '') ?? null) : null;
}

/** Throws ReadNodeChainError once every read node is known to be on another chain. */
export function assertReadNodeChain(): void {
  const mismatch = everyNodeWrong();
  if (mismatch) throw new ReadNodeChainError(mismatch);
}

/** The mismatch that stops reads, or null (not checked yet, right, or another node is right). For useSyncExternalStore. */
export function readNodeMismatch(): ReadNodeMismatch | null {
  return everyNodeWrong();
}

export function subscribeReadNodeChain(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the verdicts (tests: each case may serve another node). */
export function resetReadNodeChain(): void {
  verified.clear();
  mismatches.clear();
}
