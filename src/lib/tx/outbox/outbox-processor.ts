import { toAppError, type AppError } from '@/lib/errors/app-error';
import {
  completeOutboxEntry,
  outboxStore,
  patchOutboxEntry,
  type OutboxEntry,
  type OutboxState,
} from '@/lib/tx/outbox/outbox-store';
import { readJwt } from '@/lib/session/storage';

/**
 * Works through the outbox in order. A handler (owned by a feature, registered by the app) does
 * the CMS writes of one entry in named steps; a step that finished is recorded on the entry and
 * skipped by every later attempt, and a step whose outcome is unknown (the request may have been
 * written before the connection dropped) is told it is a retry, so it can look before it writes.
 * Together that makes retries idempotent: one transaction row per purchase, however often the
 * CMS failed in between.
 *
 * - network error, 5xx, timeout → kept, retried with backoff (2 s doubling to 1 min);
 * - 401 → kept until the user signs in again (then retried at once);
 * - any other 4xx → kept as failed and shown; the user retries or dismisses it. Never dropped.
 * Later entries wait behind one that is waiting (order matters: a buy before a re-listing), but
 * not behind a failed one, which only the user can move.
 */

interface OutboxStepContext {
  entry: OutboxEntry;
  /**
   * Runs `name` unless an earlier attempt finished it. `retry` is true when an earlier attempt
   * ran this step without finishing it: its write may have reached the CMS.
   */
  step: (name: string, run: (info: { retry: boolean }) => Promise<void>) => Promise<void>;
}

export interface OutboxHandler {
  run: (context: OutboxStepContext) => Promise<void>;
  /** Query keys to refresh once the entry is written. */
  invalidates?: (entry: OutboxEntry) => readonly (readonly unknown[])[];
}

/** Handlers by job kind, loaded on demand (features own them, the app registers them). */
export type OutboxHandlers = Readonly<Record<string, () => Promise<OutboxHandler>>>;

const BACKOFF_START_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;

function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

function outcomeOf(error: AppError): OutboxState {
  if (error.kind === 'unauthorized') return 'needs-sign-in';
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

async function attempt(entry: OutboxEntry, handler: OutboxHandler): Promise<void> {
  const done = new Set(entry.done);
  const startedBefore = new Set(entry.attempts > 1 ? (entry.started ?? []) : []);
  const started = new Set(entry.started ?? []);
  await handler.run({
    entry,
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

let passInFlight: Promise<ProcessResult> | null = null;

/**
 * One pass over the outbox; returns what was written and when to come back. Passes never overlap
 * in one page: a call while one runs waits for it and then runs its own (so nothing that was
 * queued meanwhile is missed, and no entry is written twice).
 */
export async function processOutbox(handlers: OutboxHandlers, now = Date.now): Promise<ProcessResult> {
  while (passInFlight) await passInFlight.catch(() => undefined);
  passInFlight = processPass(handlers, now);
  try {
    return await passInFlight;
  } finally {
    passInFlight = null;
  }
}

async function processPass(handlers: OutboxHandlers, now: () => number): Promise<ProcessResult> {
  const written: OutboxEntry[] = [];
  const ordered = [...outboxStore.read()].sort((a, b) => a.createdAt - b.createdAt);
  for (const queued of ordered) {
    // Re-read: a step or another tab may have changed it since the pass began.
    const entry = outboxStore.read().find((candidate) => candidate.id === queued.id);
    if (!entry || entry.state === 'failed') continue;
    if (entry.state === 'needs-sign-in') {
      if (!readJwt()) return { written, nextAttemptAt: null };
    } else if (entry.nextAttemptAt > now()) {
      return { written, nextAttemptAt: entry.nextAttemptAt };
    }
    const load = handlers[entry.kind];
    if (!load) {
      patchOutboxEntry(entry.id, { state: 'failed', lastError: `No handler for "${entry.kind}".` });
      continue;
    }
    const attempts = entry.attempts + 1;
    patchOutboxEntry(entry.id, { attempts, state: 'waiting' });
    try {
      const handler = await load();
      await attempt({ ...entry, attempts }, handler);
      completeOutboxEntry(entry.id);
      written.push(entry);
      continue;
    } catch (error) {
      const appError = toAppError(error);
      const state = outcomeOf(appError);
      const nextAttemptAt = state === 'waiting' ? now() + backoffDelay(attempts) : 0;
      patchOutboxEntry(entry.id, { state, nextAttemptAt, lastError: appError.message });
      if (state === 'failed') continue;
      return { written, nextAttemptAt: state === 'waiting' ? nextAttemptAt : null };
    }
  }
  return { written, nextAttemptAt: null };
}
