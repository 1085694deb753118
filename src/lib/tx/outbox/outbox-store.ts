import { z } from 'zod/mini';
import { createPersistedList, isRecord } from '@/lib/tx/persisted-list';

/**
 * The bookkeeping outbox: every CMS write that follows a confirmed transaction is an entry here
 * before it is attempted, so a closed tab, a CMS outage or an expired session never loses it.
 * Entries are keyed by transaction hash and kind, persisted per browser (they survive reload and
 * sign-out), and processed in order by outbox-processor.ts.
 *
 * Jobs are a union by `kind`; each kind's payload has a schema below, checked whenever entries
 * are read back from storage. An entry that no longer fits (saved by another version, edited by
 * hand) is kept as it is stored and listed as unreadable, so the user sees it and decides.
 *
 * This module is light on purpose (no axios, no ethers): the header reads it on every page.
 */

/** A USDT amount in base units, stored as a decimal string (JSON has no bigint). */
const baseUnits = z.string().check(z.regex(/^\d+$/));

/** The payload of each job kind, as stored (plain JSON). */
const jobPayloadSchemas = {
  /** A mint or buy: the NFT row, the collection and the transaction row to write. */
  purchase: z.object({
    nftId: z.number(),
    collectionId: z.number(),
    /** The NFT's CMS owner before the purchase (null: never owned). */
    fromAddress: z.nullable(z.string()),
    buyer: z.string(),
    price: baseUnits,
    kind: z.enum(['Mint', 'Buy']),
  }),
  /** A listing: everything the rows need except the item id, which the receipt gives. */
  listing: z.object({
    userId: z.number(),
    chainId: z.number(),
    chainName: z.string(),
    contractAddress: z.string(),
    collectionName: z.string(),
    tokenId: z.number(),
    tokenName: z.string(),
    tokenStandard: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    owner: z.string(),
    price: baseUnits,
  }),
  /** A release: the NFT row that is no longer for sale. */
  release: z.object({ nftId: z.number() }),
} as const;

export type JobKind = keyof typeof jobPayloadSchemas;
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloadSchemas)[K]>;

const isJobKind = (value: unknown): value is JobKind =>
  typeof value === 'string' && Object.hasOwn(jobPayloadSchemas, value);

/** What a feature asks to be written once its transaction is confirmed. */
export type BookkeepingJob<K extends JobKind = JobKind> = {
  [P in K]: {
    /** The handler that does the writes (registered by the app, owned by a feature). */
    kind: P;
    /** The handler's input; plain JSON (bigints as decimal strings). */
    payload: JobPayload<P>;
    /** What the user reads: "Buy Genesis #3". */
    title: string;
  };
}[K];

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

/** A queued job of kind K with its progress. */
export type OutboxEntry<K extends JobKind = JobKind> = { [P in K]: BookkeepingJob<P> & OutboxProgress }[K];

/** A stored entry that no longer fits its schema: kept untouched, shown, dismissable, never run. */
interface UnreadableOutboxEntry {
  state: 'unreadable';
  /** The stored id, or the stored text itself when it has none (so Dismiss can find it). */
  id: string;
  /** The stored title when there is one. */
  title: string | undefined;
  /** What did not fit, for the panel and for a developer. */
  problem: string;
  /** The value exactly as stored; written back as it is. */
  stored: unknown;
}

export type OutboxRecord = OutboxEntry | UnreadableOutboxEntry;

export const isReadable = (record: OutboxRecord): record is OutboxEntry => record.state !== 'unreadable';

const progressFields = {
  id: z.string(),
  txHash: z.string(),
  account: z.string(),
  title: z.string(),
  createdAt: z.number(),
  done: z.array(z.string()),
  started: z.optional(z.array(z.string())),
  attempts: z.number(),
  state: z.enum(['waiting', 'needs-sign-in', 'failed']),
  nextAttemptAt: z.number(),
  lastError: z.optional(z.string()),
};

const entrySchema = z.discriminatedUnion('kind', [
  z.object({ ...progressFields, kind: z.literal('purchase'), payload: jobPayloadSchemas.purchase }),
  z.object({ ...progressFields, kind: z.literal('listing'), payload: jobPayloadSchemas.listing }),
  z.object({ ...progressFields, kind: z.literal('release'), payload: jobPayloadSchemas.release }),
]);

function readEntry(stored: unknown): OutboxRecord {
  const parsed = entrySchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const fields = isRecord(stored) ? stored : {};
  const kind = isJobKind(fields.kind) ? '' : ` (unknown kind ${JSON.stringify(fields.kind) ?? 'none'})`;
  return {
    state: 'unreadable',
    id: typeof fields.id === 'string' ? fields.id : (JSON.stringify(stored) ?? String(stored)),
    title: typeof fields.title === 'string' ? fields.title : undefined,
    problem: `${z.prettifyError(parsed.error)}${kind}`,
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
const doneStore = createPersistedList<string>(DONE_KEY, (value): value is string => typeof value === 'string');

export const outboxEntryId = (txHash: string, kind: JobKind) => `${txHash.toLowerCase()}:${kind}`;

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
