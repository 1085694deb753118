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
  /** Sped up in the wallet: the same call under `replacedBy` was mined and confirmed (its bookkeeping ran). */
  | 'replaced'
  /** Cancelled in the wallet: a 0-value transfer to the sender (`replacedBy`) took its nonce. */
  | 'cancelled'
  /** An unrelated transaction (`replacedBy`) took its nonce, or the node has not seen it for a long time. */
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
  /**
   * On an action's earlier steps (an approval before a mint or a listing): the last step's jobs, never run, only
   * read to show which item the action is for (lib/tx/use-pending-item.ts). Missing on entries stored before.
   */
  itemJobs?: BookkeepingJob[];
  /** Query keys to refresh once it is confirmed. */
  invalidate: unknown[][];
  /**
   * The sender's nonce and the call (to, data, value in wei as a decimal string): when another
   * transaction is mined with this nonce, they tell a speed-up from a cancel from something
   * unrelated. The sender is `account`. Missing on entries stored before they were kept.
   */
  nonce?: number;
  call?: { to: string | null; data: string; value: string };
  /** The transaction mined in its place (status replaced, cancelled, dropped, or reverted after a speed-up). */
  replacedBy?: string;
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

export function markPendingTransaction(hash: string, status: PendingStatus, replacedBy?: string): void {
  pendingStore.update((current) =>
    current.map((entry) =>
      sameHash(entry.hash, hash) ? { ...entry, status, ...(replacedBy ? { replacedBy } : {}) } : entry,
    ),
  );
}

/**
 * Hashes a live action in this tab is already waiting for: the watcher leaves them alone. (If the
 * tab reloads, the set is empty again and the watcher takes over.)
 */
const awaitedHere = new Set<string>();
export const claimPendingTransaction = (hash: string) => awaitedHere.add(hash.toLowerCase());
export const releasePendingTransaction = (hash: string) => awaitedHere.delete(hash.toLowerCase());
export const isAwaitedHere = (hash: string) => awaitedHere.has(hash.toLowerCase());
