import type { TxStep } from '@/lib/chain/contract-call';
import type { BookkeepingJob } from '@/lib/tx/outbox/outbox-store';
import { createPersistedList, isRecord } from '@/lib/tx/persisted-list';

/**
 * Transactions sent but not yet mined, remembered per browser: after a reload or in a new tab
 * the pending-watcher picks each one up, waits for its receipt and then hands its bookkeeping
 * to the outbox, so nobody pays twice because the page refreshed. Light on purpose (no ethers):
 * the header shows these from the first load.
 */
export type PendingStatus =
  | 'pending'
  /** Mined and reverted after the page that sent it was gone. */
  | 'reverted'
  /** The node has not seen it for a long time: replaced or dropped by the wallet. */
  | 'dropped';

export interface PendingTransaction {
  hash: string;
  chainId: number;
  account: string;
  step: TxStep;
  /** What the whole action is for: "Buy Genesis #3". */
  title: string;
  createdAt: number;
  status: PendingStatus;
  /** Written through the outbox once this transaction is confirmed (only on an action's last step). */
  jobs: BookkeepingJob[];
  /** Query keys to refresh once it is confirmed. */
  invalidate: unknown[][];
}

const PENDING_KEY = 'terra-mater:pending-transactions';

const isPending = (value: unknown): value is PendingTransaction =>
  isRecord(value) &&
  typeof value.hash === 'string' &&
  typeof value.chainId === 'number' &&
  typeof value.status === 'string' &&
  Array.isArray(value.jobs) &&
  Array.isArray(value.invalidate);

export const pendingStore = createPersistedList<PendingTransaction>(PENDING_KEY, isPending);

const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function addPendingTransaction(tx: Omit<PendingTransaction, 'status' | 'createdAt'>): void {
  pendingStore.update((current) => [
    ...current.filter((entry) => !sameHash(entry.hash, tx.hash)),
    { ...tx, status: 'pending', createdAt: Date.now() },
  ]);
}

export function removePendingTransaction(hash: string): void {
  pendingStore.update((current) => current.filter((entry) => !sameHash(entry.hash, hash)));
}

export function markPendingTransaction(hash: string, status: PendingStatus): void {
  pendingStore.update((current) => current.map((entry) => (sameHash(entry.hash, hash) ? { ...entry, status } : entry)));
}

/**
 * Hashes a live action in this tab is already waiting for: the watcher leaves them alone. (If the
 * tab reloads, the set is empty again and the watcher takes over.)
 */
const awaitedHere = new Set<string>();
export const claimPendingTransaction = (hash: string) => awaitedHere.add(hash.toLowerCase());
export const releasePendingTransaction = (hash: string) => awaitedHere.delete(hash.toLowerCase());
export const isAwaitedHere = (hash: string) => awaitedHere.has(hash.toLowerCase());
