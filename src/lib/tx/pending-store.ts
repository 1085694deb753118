import { onFlowsInstalled, type TxAction } from '@/lib/tx/flow';
import { createPersistedList, isRecord } from '@/lib/tx/persisted-list';

/**
 * Transactions sent but not yet mined, remembered per browser: after a reload or in a new tab
 * the pending-watcher picks each one up, waits for its receipt and then settles it (pending-settle.ts),
 * so nobody pays twice because the page refreshed. Light on purpose (no ethers): the header shows
 * these from the first load.
 *
 * An entry keeps the typed action it belongs to (its flow's kind and payload, see flow.ts), never a
 * translated text: its title and the item it concerns are asked of the flow where they are shown.
 */
export type PendingStatus =
  | 'pending'
  /** Mined and reverted after the page that sent it was gone. */
  | 'reverted'
  /** Sped up in the wallet: the same call under `replacedBy` was mined and confirmed (its record was queued). */
  | 'replaced'
  /** Cancelled in the wallet: a 0-value transfer to the sender (`replacedBy`) took its nonce. */
  | 'cancelled'
  /** An unrelated transaction (`replacedBy`) took its nonce, or the node has not seen it for a long time. */
  | 'dropped';

export interface PendingTransaction {
  hash: string;
  chainId: number;
  account: string;
  /** The plan step it is (an approval, or its flow's action): the label key of the step. */
  step: string;
  /** The action (flow kind + payload) this transaction is a step of. */
  action?: TxAction;
  /**
   * The translated title an older version stored instead of an action: kept for its entries,
   * never written now.
   */
  title?: string;
  /** The action's last step: once it is confirmed, the flow's record goes to the outbox. */
  final: boolean;
  createdAt: number;
  status: PendingStatus;
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
  /**
   * A wallet batch (EIP-5792, lib/tx/batch.ts): `hash` is the batch id the wallet gave, the entry
   * stands for the whole plan (approval and action, so `final`), and only the wallet can say how it
   * stands (`wallet_getCallsStatus`): the watcher follows it once a wallet is connected.
   */
  batch?: true;
}

const PENDING_KEY = 'terra-mater:pending-transactions';

const isAction = (value: unknown): value is TxAction => isRecord(value) && typeof value.kind === 'string';

/**
 * A stored entry as this version keeps it, or null to drop it. Entries of the version before the
 * typed action (a translated `title` and the record's `jobs`, or on an approval `itemJobs`, each
 * `{ kind, payload, title }`) load as an action of the same kind and payload, keeping the title.
 */
function readPendingEntry(stored: unknown): PendingTransaction | null {
  if (!isRecord(stored)) return null;
  const { hash, chainId, status, invalidate } = stored;
  if (typeof hash !== 'string' || typeof chainId !== 'number' || typeof status !== 'string') return null;
  if (!Array.isArray(invalidate)) return null;
  if (typeof stored.final === 'boolean') {
    if (stored.action !== undefined && !isAction(stored.action)) return null;
    return stored as unknown as PendingTransaction;
  }
  // Stored before the typed action.
  if (!Array.isArray(stored.jobs)) return null;
  const { jobs, itemJobs, ...rest } = stored;
  const job: unknown = jobs[0] ?? (Array.isArray(itemJobs) ? itemJobs[0] : undefined);
  const entry = { ...rest, final: jobs.length > 0 } as unknown as PendingTransaction;
  return isAction(job) ? { ...entry, action: { kind: job.kind, payload: job.payload } } : entry;
}

export const pendingStore = createPersistedList<PendingTransaction>(PENDING_KEY, {
  read: readPendingEntry,
  write: (entry) => entry,
});

// Screens that asked which items are pending before the flows were loaded ask again.
onFlowsInstalled(() => pendingStore.refresh());

export const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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

/** The remembered transaction `hash`, if any. */
export const findPendingTransaction = (hash: string): PendingTransaction | undefined =>
  pendingStore.read().find((entry) => sameHash(entry.hash, hash));

/**
 * Hashes a live action in this tab is already waiting for: the watcher leaves them alone. (If the
 * tab reloads, the set is empty again and the watcher takes over.)
 */
const awaitedHere = new Set<string>();
export const claimPendingTransaction = (hash: string) => awaitedHere.add(hash.toLowerCase());
export const releasePendingTransaction = (hash: string) => awaitedHere.delete(hash.toLowerCase());
export const isAwaitedHere = (hash: string) => awaitedHere.has(hash.toLowerCase());
