import { getConfig } from '@/config/env';
import { READ_TIMEOUT_MS } from '@/lib/errors/app-error';

/**
 * The read nodes (`VITE_RPC_URLS`) and their health. Both read paths — the call runner (call-runner.ts) and the
 * provider (provider.ts) — send each JSON-RPC batch through `sendToNodes`: to the healthiest node first, and when
 * that node fails on the way (refused, HTTP 429 or 5xx, not JSON, on another chain) to the next,
 * so a user does not notice a node going down; a node that stays silent gets the next one asked beside it. A failed node cools down (5 s, doubling up to 5 min) and is asked
 * again after that; a node on another chain is not asked again in this page load (read-node-chain.ts). An answer
 * that carries JSON-RPC errors (a revert, a refused log range) is an answer: it is not failed over.
 *
 * Why not ethers' FallbackProvider: it is a provider (the call runner's point is to read without ethers' provider
 * code), it sends each call on its own (no batches), and it has no notion of a node on the wrong chain.
 */

/** How long a node may stay silent before the next node is asked as well. */
export const HEDGE_AFTER_MS = 1_000;
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
 * rejects when the node failed. A failure moves on to the next node at once; a node still silent after
 * HEDGE_AFTER_MS gets company — the next node is asked too, the first answer wins, and the silent node counts as
 * failed. The whole read keeps the one-node deadline (READ_TIMEOUT_MS). Rejects with the last failure when every
 * node failed.
 */
export function sendToNodes<T>(pool: NodePool, attempt: (url: string, timeoutMs: number) => Promise<T>): Promise<T> {
  const candidates = pool.order();
  if (candidates.length === 0) return Promise.reject(new Error('No JSON-RPC node is configured'));
  const deadline = Date.now() + READ_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    let next = 0;
    let settled = false;
    let lastError: unknown;
    let hedge: ReturnType<typeof setTimeout> | undefined;
    const waiting = new Set<string>();
    const finish = () => {
      settled = true;
      clearTimeout(hedge);
    };
    const launch = () => {
      if (settled || next >= candidates.length) return;
      const url = candidates[next] ?? '';
      next += 1;
      waiting.add(url);
      clearTimeout(hedge);
      if (next < candidates.length) hedge = setTimeout(launch, HEDGE_AFTER_MS);
      attempt(url, Math.max(deadline - Date.now(), 1)).then(
        (answer) => {
          waiting.delete(url);
          if (settled) return;
          finish();
          pool.succeeded(url);
          // Nodes asked before this one and still silent lost the race: slow or hung, they wait their turn.
          for (const slow of waiting) pool.failed(slow);
          waiting.clear();
          resolve(answer);
        },
        (error: unknown) => {
          if (!waiting.delete(url)) return;
          pool.failed(url, error instanceof WrongChainNode);
          lastError = error;
          if (settled) return;
          if (next < candidates.length) launch();
          else if (waiting.size === 0) {
            finish();
            reject(lastError instanceof Error ? lastError : new Error(String(lastError)));
          }
        },
      );
    };
    launch();
  });
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
