import { z } from 'zod/mini';
import { flowOf, onFlowsInstalled, type TxAction } from '@/lib/tx/flow';
import { createPersistedList, isRecord } from '@/lib/tx/persisted-list';

/**
 * The bookkeeping outbox: every CMS write that follows a confirmed transaction is an entry here
 * before it is attempted, so a closed tab, a CMS outage or an expired session never loses it.
 * Entries are keyed by transaction hash and kind, persisted per browser (they survive reload and
 * sign-out), and processed in order by outbox-processor.ts.
 *
 * An entry is a flow's action (kind + payload, see ../flow.ts) with its progress. Its payload is
 * checked against its flow's schema whenever entries are read back from storage. An entry that no
 * longer fits (an unknown kind, saved by another version, edited by hand) is kept as it is stored and
 * listed as unreadable, so the user sees it and decides.
 *
 * This module is light on purpose (no axios, no ethers): the header reads it on every page.
 */

/** What a flow asks to be written once its transaction is confirmed: its action (kind + payload). */
export type RecordJob = TxAction;

export type OutboxState =
  /** Waiting for its turn or for its next attempt after a CMS outage / 5xx. */
  | 'waiting'
  /** Its account is not the one signed in, or the CMS refused the session: kept until that account signs in. */
  | 'needs-sign-in'
  /** The CMS refused the write for good (4xx): kept and shown; the user retries or dismisses it. */
  | 'failed';

interface OutboxProgress {
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

/** A queued record: its flow's action with its progress. */
export type OutboxEntry = RecordJob &
  OutboxProgress & {
    /** The translated title an older version stored with the entry: kept for its entries, never written now. */
    title?: string;
  };

/** A stored entry that no longer fits its schema: kept untouched, shown, dismissable, never run. */
interface UnreadableOutboxEntry {
  state: 'unreadable';
  /** The stored id, or the stored text itself when it has none (so Dismiss can find it). */
  id: string;
  /** The stored action when it has one (its title is then shown), else its stored title. */
  action?: TxAction;
  title: string | undefined;
  /** What did not fit, for the panel and for a developer. */
  problem: string;
  /** The value exactly as stored; written back as it is. */
  stored: unknown;
}

export type OutboxRecord = OutboxEntry | UnreadableOutboxEntry;

export const isReadable = (record: OutboxRecord): record is OutboxEntry => record.state !== 'unreadable';

const entrySchema = z.object({
  kind: z.string(),
  payload: z.unknown(),
  id: z.string(),
  txHash: z.string(),
  account: z.string(),
  title: z.optional(z.string()),
  createdAt: z.number(),
  done: z.array(z.string()),
  started: z.optional(z.array(z.string())),
  attempts: z.number(),
  state: z.enum(['waiting', 'needs-sign-in', 'failed']),
  nextAttemptAt: z.number(),
  lastError: z.optional(z.string()),
});

/** A stored entry, checked: its shape, its kind (known, with a record) and its payload; or why it cannot be run. */
function check(stored: unknown): { entry: OutboxEntry } | { problem: string } {
  const parsed = entrySchema.safeParse(stored);
  const fields = isRecord(stored) ? stored : {};
  const flow = typeof fields.kind === 'string' ? flowOf(fields.kind) : undefined;
  const kind = flow?.hasRecord ? '' : ` (unknown kind ${JSON.stringify(fields.kind) ?? 'none'})`;
  if (!parsed.success) return { problem: `${z.prettifyError(parsed.error)}${kind}` };
  if (!flow?.hasRecord) return { problem: `✖ Invalid kind${kind}` };
  const problem = flow.problem(parsed.data.payload);
  return problem === null ? { entry: parsed.data } : { problem };
}

function readEntry(stored: unknown): OutboxRecord {
  const checked = check(stored);
  if ('entry' in checked) return checked.entry;
  const { problem } = checked;
  const fields = isRecord(stored) ? stored : {};
  return {
    state: 'unreadable',
    id: typeof fields.id === 'string' ? fields.id : (JSON.stringify(stored) ?? String(stored)),
    ...(typeof fields.kind === 'string' && flowOf(fields.kind)?.describe(fields.payload)
      ? { action: { kind: fields.kind, payload: fields.payload } }
      : {}),
    title: typeof fields.title === 'string' ? fields.title : undefined,
    problem,
    stored,
  };
}

const OUTBOX_KEY = 'terra-mater:outbox';
/** Ids already written, so that a second tab or a late receipt does not enqueue them again. */
const DONE_KEY = 'terra-mater:outbox-done';
const DONE_KEPT = 200;

export const outboxStore = createPersistedList<OutboxRecord>(OUTBOX_KEY, {
  read: readEntry,
  write: (record) => (isReadable(record) ? record : record.stored),
});
// An entry read before the flows were loaded could not be checked: read them all again once they are.
onFlowsInstalled(() => outboxStore.refresh());
const doneStore = createPersistedList<string>(DONE_KEY, (value): value is string => typeof value === 'string');

export const outboxEntryId = (txHash: string, kind: string) => `${txHash.toLowerCase()}:${kind}`;

/**
 * Adds the records of a confirmed transaction (an action whose flow has no record adds nothing); a
 * record already queued or already written is skipped.
 */
export function enqueueRecords(txHash: string, account: string, actions: readonly RecordJob[]): void {
  const jobs = actions
    .filter((action) => flowOf(action.kind)?.hasRecord)
    .map((action) => ({ kind: action.kind, payload: action.payload }));
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

/** Changes the progress of a readable entry (an unreadable one is never run, so never patched). */
export function patchOutboxEntry(id: string, patch: Partial<OutboxProgress>): void {
  outboxStore.update((current) =>
    current.map((entry) => (entry.id === id && isReadable(entry) ? { ...entry, ...patch } : entry)),
  );
}

/** Removes a written entry and remembers its id. */
export function completeOutboxEntry(id: string): void {
  doneStore.update((current) => [...current.filter((doneId) => doneId !== id), id].slice(-DONE_KEPT));
  outboxStore.update((current) => current.filter((entry) => entry.id !== id));
}

/** The user gave up on an entry that the CMS refused, or on one that can no longer be read. */
export function dismissOutboxEntry(id: string): void {
  outboxStore.update((current) => current.filter((entry) => entry.id !== id));
}

/** Makes a failed or waiting entry due now (the user pressed Retry, or the session came back). */
export function retryOutboxEntry(id: string): void {
  patchOutboxEntry(id, { state: 'waiting', nextAttemptAt: 0 });
}

/**
 * Makes every waiting entry due now: the connection came back, so the backoff (up to a minute)
 * would only keep the user waiting.
 */
export function retryWaitingOutboxEntries(): void {
  outboxStore.update((current) =>
    current.some((entry) => isReadable(entry) && entry.state === 'waiting' && entry.nextAttemptAt > 0)
      ? current.map((entry) =>
          isReadable(entry) && entry.state === 'waiting' ? { ...entry, nextAttemptAt: 0 } : entry,
        )
      : current,
  );
}

export function isOutboxEntryWritten(id: string): boolean {
  return doneStore.read().includes(id);
}
