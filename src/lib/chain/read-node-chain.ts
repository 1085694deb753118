import { getConfig } from '@/config/env';
import { AppError } from '@/lib/errors/app-error';

/**
 * The read node's chain id, checked once per page load (deployed-system.md §C9.7): a VITE_RPC_URL that
 * points at a node of another chain would otherwise be read as if it were the configured one
 * (balances, listings, prices of another network). The check costs no request of its own: while
 * the node is not yet known to be right, both read paths (call-runner.ts and provider.ts) add one
 * `eth_chainId` entry to the JSON-RPC batch they send anyway, and hand its answer here. Once the
 * node answered the configured id, nothing more is added; once it answered another one, every
 * read fails with ReadNodeChainError without reaching the node, and every chain section says why
 * (ErrorState reads the verdict). No ethers here: ErrorState is part of the first page.
 */

export interface ReadNodeMismatch {
  rpcUrl: string;
  /** The chain id the node answered. */
  actual: number;
  configured: number;
}

/** The id of the probe entry: a string, so it never meets the numeric ids of the reads in the batch. */
const PROBE_ID = 'read-node-chain-id';

let verified = false;
let mismatch: ReadNodeMismatch | null = null;
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

/** The `eth_chainId` entry to add to the next batch, or null once the node is known to be right. */
export function chainIdProbe(): { jsonrpc: '2.0'; id: string; method: 'eth_chainId'; params: [] } | null {
  return verified ? null : { jsonrpc: '2.0', id: PROBE_ID, method: 'eth_chainId', params: [] };
}

/** True for the probe's answer in a batch's answers (to take it out before the reads see them). */
export function isProbeAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { id?: unknown }).id === PROBE_ID;
}

/**
 * Takes the node's answer to the probe. An answer without a chain id (the node refused the
 * method, or the batch failed) decides nothing: the next batch asks again.
 */
export function settleProbe(answer: unknown): void {
  if (verified || mismatch) return;
  const result = (answer as { result?: unknown } | undefined)?.result;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) return;
  const { chainId, rpcUrl } = getConfig();
  const actual = Number(result);
  if (actual === chainId) {
    verified = true;
    return;
  }
  mismatch = { rpcUrl, actual, configured: chainId };
  console.warn(new ReadNodeChainError(mismatch).message);
  listeners.forEach((listener) => listener());
}

/** Throws ReadNodeChainError once the node is known to be on another chain. */
export function assertReadNodeChain(): void {
  if (mismatch) throw new ReadNodeChainError(mismatch);
}

/** The mismatch found, or null (not checked yet, or right). For useSyncExternalStore. */
export function readNodeMismatch(): ReadNodeMismatch | null {
  return mismatch;
}

export function subscribeReadNodeChain(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the verdict (tests: each case may serve another node). */
export function resetReadNodeChain(): void {
  verified = false;
  mismatch = null;
}
