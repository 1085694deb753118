import { createPersistedList, isRecord } from '@/lib/tx/persisted-list';

/**
 * The bookkeeping outbox: every CMS write that follows a confirmed transaction is an entry here
 * before it is attempted, so a closed tab, a CMS outage or an expired session never loses it.
 * Entries are keyed by transaction hash and kind, persisted per browser (they survive reload and
 * sign-out), and processed in order by outbox-processor.ts.
 *
 * This module is light on purpose (no axios, no ethers): the header reads it on every page.
 */

/** What a feature asks to be written once its transaction is confirmed. */
export interface BookkeepingJob {
  /** The handler that does the writes (registered by the app, owned by a feature). */
  kind: string;
  /** The handler's input; plain JSON (bigints as decimal strings). */
  payload: Record<string, unknown>;
  /** What the user reads: "Buy Genesis #3". */
  title: string;
}

export type OutboxState =
  /** Waiting for its turn or for its next attempt after a CMS outage / 5xx. */
  | 'waiting'
  /** The CMS refused the session (401): kept until the user signs in again. */
  | 'needs-sign-in'
  /** The CMS refused the write for good (4xx): kept and shown; the user retries or dismisses it. */
  | 'failed';

export interface OutboxEntry extends BookkeepingJob {
  /** `${txHash}:${kind}`: one entry per transaction and kind, whoever enqueues it. */
  id: string;
  txHash: string;
  /** The account that sent the transaction. */
  account: string;
  createdAt: number;
  /** Steps the handler has finished (a retry skips them; see outbox-processor.ts). */
  done: string[];
  /** Steps an attempt began: begun but not done means the write may have reached the CMS. */
  started?: string[];
  attempts: number;
  state: OutboxState;
  nextAttemptAt: number;
  lastError?: string;
}

const OUTBOX_KEY = 'terra-mater:outbox';
/** Ids already written, so that a second tab or a late receipt does not enqueue them again. */
const DONE_KEY = 'terra-mater:outbox-done';
const DONE_KEPT = 200;

const isEntry = (value: unknown): value is OutboxEntry =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.kind === 'string' &&
  typeof value.txHash === 'string' &&
  isRecord(value.payload) &&
  Array.isArray(value.done);

export const outboxStore = createPersistedList<OutboxEntry>(OUTBOX_KEY, isEntry);
const doneStore = createPersistedList<string>(DONE_KEY, (value): value is string => typeof value === 'string');

export const outboxEntryId = (txHash: string, kind: string) => `${txHash.toLowerCase()}:${kind}`;

/** Adds the jobs of a confirmed transaction; a job already queued or already written is skipped. */
export function enqueueBookkeeping(txHash: string, account: string, jobs: readonly BookkeepingJob[]): void {
  if (jobs.length === 0) return;
  const written = new Set(doneStore.read());
  outboxStore.update((current) => {
    const queued = new Set(current.map((entry) => entry.id));
    const added = jobs
      .map((job) => ({ ...job, id: outboxEntryId(txHash, job.kind) }))
      .filter((job) => !queued.has(job.id) && !written.has(job.id))
      .map<OutboxEntry>((job) => ({
        ...job,
        txHash,
        account,
        createdAt: Date.now(),
        done: [],
        attempts: 0,
        state: 'waiting',
        nextAttemptAt: 0,
      }));
    return [...current, ...added];
  });
}

export function patchOutboxEntry(id: string, patch: Partial<OutboxEntry>): void {
  outboxStore.update((current) => current.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
}

/** Removes a written entry and remembers its id. */
export function completeOutboxEntry(id: string): void {
  doneStore.update((current) => [...current.filter((doneId) => doneId !== id), id].slice(-DONE_KEPT));
  outboxStore.update((current) => current.filter((entry) => entry.id !== id));
}

/** The user gave up on an entry that the CMS refused. */
export function dismissOutboxEntry(id: string): void {
  outboxStore.update((current) => current.filter((entry) => entry.id !== id));
}

/** Makes a failed or waiting entry due now (the user pressed Retry, or the session came back). */
export function retryOutboxEntry(id: string): void {
  patchOutboxEntry(id, { state: 'waiting', nextAttemptAt: 0 });
}

export function isOutboxEntryWritten(id: string): boolean {
  return doneStore.read().includes(id);
}
