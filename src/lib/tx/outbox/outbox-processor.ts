import { toAppError, type AppError } from '@/lib/errors/app-error';
import {
  completeOutboxEntry,
  isReadable,
  outboxStore,
  patchOutboxEntry,
  type OutboxEntry,
  type OutboxState,
} from '@/lib/tx/outbox/outbox-store';
import { ensureFlows, flowOf, type ErasedRecord } from '@/lib/tx/flow';
import { isRecord } from '@/lib/tx/persisted-list';
import { getCmsClientWithToken, type CmsClient } from '@/lib/cms/client';
import { sameAddress } from '@/lib/format/address';
import { readJwt, readUserInfo } from '@/lib/session/storage';

/**
 * Works through the outbox in order. The record of an entry's flow (owned by its feature, registered
 * by the app, see ../flow.ts) does the CMS writes of one entry in named steps; a step that finished is recorded on the entry and
 * skipped by every later attempt, and a step whose outcome is unknown (the request may have been
 * written before the connection dropped) is told it is a retry, so it can look before it writes.
 * Together that makes retries idempotent: one transaction row per purchase, however often the
 * CMS failed in between.
 *
 * An entry belongs to the account that sent its transaction and is written only with that
 * account's session: the handler gets a CMS client that carries the JWT of that account, taken
 * when the attempt begins (a wallet switch during the attempt cannot lend it another account's).
 * While that account is not the one signed in, the entry waits as 'needs-sign-in' ("Sign in as
 * 0x123…") and is never sent, so no write goes out without a token or with someone else's.
 *
 * - network error, 5xx, timeout → kept, retried with backoff (2 s doubling to 1 min);
 * - 401, or 403 to a request without a token → kept until its account signs in (then at once);
 * - any other 4xx → kept as failed and shown; the user retries or dismisses it. Never dropped.
 * Later entries wait behind one that is waiting (order matters: a buy before a re-listing), but
 * not behind a failed one, which only the user can move, nor behind one of an account that is
 * not signed in.
 */

/** The query keys to refresh once `entry` is written, from its flow's record. */
export async function invalidationsOf(entry: OutboxEntry): Promise<readonly (readonly unknown[])[]> {
  const record = await flowOf(entry.kind)?.loadRecord();
  return record?.invalidates(entry.payload) ?? [];
}

const BACKOFF_START_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;

function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Whether the refused request carried an Authorization header (axios keeps it on the error). */
function carriedBearer(error: AppError): boolean {
  const cause = error.details.cause;
  const config = isRecord(cause) ? cause.config : undefined;
  const headers = isRecord(config) ? config.headers : undefined;
  return isRecord(headers) && Boolean(headers.Authorization);
}

function outcomeOf(error: AppError, sentToken: boolean): OutboxState {
  if (error.kind === 'unauthorized') return 'needs-sign-in';
  // Strapi answers 403 to a write without a token: that asks for a session, it refuses nothing.
  if (error.kind === 'forbidden' && !sentToken) return 'needs-sign-in';
  if (error.kind === 'network' || error.kind === 'unknown') return 'waiting';
  if (error.kind === 'http' && (error.status === undefined || error.status >= 500 || error.status === 429)) {
    return 'waiting';
  }
  return 'failed';
}

export interface ProcessResult {
  written: OutboxEntry[];
  /** When the next waiting entry is due, if one is. */
  nextAttemptAt: number | null;
}

async function attempt(entry: OutboxEntry, record: ErasedRecord, cms: CmsClient): Promise<void> {
  const done = new Set(entry.done);
  const startedBefore = new Set(entry.attempts > 1 ? (entry.started ?? []) : []);
  const started = new Set(entry.started ?? []);
  await record.run({
    payload: entry.payload,
    txHash: entry.txHash,
    cms,
    step: async (name, run) => {
      if (done.has(name)) return;
      const retry = startedBefore.has(name);
      started.add(name);
      patchOutboxEntry(entry.id, { started: [...started] });
      await run({ retry });
      done.add(name);
      patchOutboxEntry(entry.id, { done: [...done] });
    },
  });
}

/** The signed-in session's JWT when `account` is the one signed in; null otherwise. */
function sessionTokenOf(account: string): string | null {
  const jwt = readJwt();
  return jwt && sameAddress(readUserInfo()?.address, account) ? jwt : null;
}

let passInFlight: Promise<ProcessResult> | null = null;

/**
 * One pass over the outbox; returns what was written and when to come back. Passes never overlap
 * in one page: a call while one runs waits for it and then runs its own (so nothing that was
 * queued meanwhile is missed, and no entry is written twice).
 */
export async function processOutbox(now = Date.now): Promise<ProcessResult> {
  await ensureFlows();
  while (passInFlight) await passInFlight.catch(() => undefined);
  passInFlight = processPass(now);
  try {
    return await passInFlight;
  } finally {
    passInFlight = null;
  }
}

async function processPass(now: () => number): Promise<ProcessResult> {
  const written: OutboxEntry[] = [];
  // An unreadable entry is never run and holds nobody up: only the user can dismiss it.
  const ordered = outboxStore
    .read()
    .filter(isReadable)
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const queued of ordered) {
    // Re-read: a step or another tab may have changed it since the pass began.
    const entry = outboxStore.read().find((candidate) => candidate.id === queued.id);
    if (!entry || !isReadable(entry) || entry.state === 'failed') continue;
    const jwt = sessionTokenOf(entry.account);
    if (!jwt) {
      if (entry.state !== 'needs-sign-in') patchOutboxEntry(entry.id, { state: 'needs-sign-in', nextAttemptAt: 0 });
      continue;
    }
    if (entry.state !== 'needs-sign-in' && entry.nextAttemptAt > now()) {
      return { written, nextAttemptAt: entry.nextAttemptAt };
    }
    // Kept as a run-time guard too: the registry may come from a build that predates a stored kind.
    const flow = flowOf(entry.kind);
    if (!flow?.hasRecord) {
      patchOutboxEntry(entry.id, { state: 'failed', lastError: `No record for "${entry.kind}".` });
      continue;
    }
    const attempts = entry.attempts + 1;
    patchOutboxEntry(entry.id, { attempts, state: 'waiting' });
    try {
      const record = await flow.loadRecord();
      if (!record) throw new Error(`No record for "${entry.kind}".`);
      await attempt({ ...entry, attempts }, record, getCmsClientWithToken(jwt));
      completeOutboxEntry(entry.id);
      written.push(entry);
      continue;
    } catch (error) {
      const appError = toAppError(error);
      const state = outcomeOf(appError, carriedBearer(appError));
      const nextAttemptAt = state === 'waiting' ? now() + backoffDelay(attempts) : 0;
      patchOutboxEntry(entry.id, { state, nextAttemptAt, lastError: appError.message });
      if (state === 'failed') continue;
      return { written, nextAttemptAt: state === 'waiting' ? nextAttemptAt : null };
    }
  }
  return { written, nextAttemptAt: null };
}
