import { getConfig } from '@/config/env';
import { READ_TIMEOUT_MS } from '@/lib/errors/app-error';

/**
 * The read nodes (`VITE_RPC_URLS`) and their health. Both read paths — the call runner (call-runner.ts) and the
 * provider (provider.ts) — send each JSON-RPC batch through `sendToNodes`: to the healthiest node first, and when
 * that node fails on the way (refused, HTTP 429 or 5xx, no answer in time, not JSON, on another chain) to the next,
 * so a user does not notice a node going down. A failed node cools down (5 s, doubling up to 5 min) and is asked
 * again after that; a node on another chain is not asked again in this page load (read-node-chain.ts). An answer
 * that carries JSON-RPC errors (a revert, a refused log range) is an answer: it is not failed over.
 *
 * Why not ethers' FallbackProvider: it is a provider (the call runner's point is to read without ethers' provider
 * code), it sends each call on its own (no batches), and it has no notion of a node on the wrong chain.
 */

/** How long a node other than the last one may take before the next is asked (the last gets what is left of READ_TIMEOUT_MS). */
export const FAILOVER_TIMEOUT_MS = 2_500;
const COOLDOWN_MS = 5_000;
const COOLDOWN_MAX_MS = 300_000;

interface NodeHealth {
  url: string;
  failures: number;
  retryAt: number;
}

export interface NodePool {
  /** The nodes to try, in order: those not cooling down (fewest recent failures first, then as configured), then the others by when they may be retried. */
  order(): string[];
  succeeded(url: string): void;
  /** `permanent`: never again (another chain). */
  failed(url: string, permanent?: boolean): void;
}

export function createNodePool(urls: readonly string[], now: () => number = Date.now): NodePool {
  const nodes: NodeHealth[] = urls.map((url) => ({ url, failures: 0, retryAt: 0 }));
  const find = (url: string) => nodes.find((node) => node.url === url);
  return {
    order() {
      const time = now();
      const up = nodes.filter((node) => node.retryAt <= time).sort((a, b) => a.failures - b.failures);
      const down = nodes
        .filter((node) => node.retryAt > time && Number.isFinite(node.retryAt))
        .sort((a, b) => a.retryAt - b.retryAt);
      return [...up, ...down].map((node) => node.url);
    },
    succeeded(url) {
      const node = find(url);
      if (node && Number.isFinite(node.retryAt)) {
        node.failures = 0;
        node.retryAt = 0;
      }
    },
    failed(url, permanent = false) {
      const node = find(url);
      if (!node) return;
      node.failures += 1;
      node.retryAt = permanent ? Infinity : now() + Math.min(COOLDOWN_MAX_MS, COOLDOWN_MS * 2 ** (node.failures - 1));
    },
  };
}

/**
 * Sends one batch through the pool: `attempt(url, timeoutMs)` sends it to one node and resolves with its answer or
 * rejects when the node failed; the next node is then tried. Rejects with the last node's failure when all failed.
 */
export async function sendToNodes<T>(
  pool: NodePool,
  attempt: (url: string, timeoutMs: number) => Promise<T>,
): Promise<T> {
  const candidates = pool.order();
  // The whole read keeps the one-node deadline: a hung first node leaves the next the rest of it.
  const deadline = Date.now() + READ_TIMEOUT_MS;
  let lastError: unknown = new Error('No JSON-RPC node is configured');
  for (const [index, url] of candidates.entries()) {
    const remaining = deadline - Date.now();
    const last = index === candidates.length - 1;
    const timeoutMs = last ? Math.max(remaining, FAILOVER_TIMEOUT_MS) : Math.min(remaining, FAILOVER_TIMEOUT_MS);
    try {
      const answer = await attempt(url, Math.max(timeoutMs, 1));
      pool.succeeded(url);
      return answer;
    } catch (error) {
      pool.failed(url, error instanceof WrongChainNode);
      lastError = error;
    }
  }
  throw lastError;
}

/** Thrown by an attempt whose node answered another chain id: the node is left out for the rest of the page load. */
export class WrongChainNode extends Error {
  constructor(readonly url: string) {
    super(`The JSON-RPC node ${url} is on another chain`);
    this.name = 'WrongChainNode';
  }
}

let pool: NodePool | undefined;

/** The app's read nodes, as configured. */
export function getNodePool(): NodePool {
  pool ??= createNodePool(getConfig().rpcUrls);
  return pool;
}

/** Tests: every node healthy again. */
export function resetNodePool(): void {
  pool = undefined;
}
