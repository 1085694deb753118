import { useSyncExternalStore } from 'react';
import { isOutboxEntryWritten, outboxStore, type OutboxEntry } from '@/lib/tx/outbox/outbox-store';

export type OutboxEntryView = { written: true; entry?: undefined } | { written: false; entry: OutboxEntry | undefined };

/** Where one outbox entry is: still queued (with its state), or written. */
export function useOutboxEntry(id: string | undefined): OutboxEntryView {
  const entry = useSyncExternalStore(outboxStore.subscribe, () =>
    id ? outboxStore.read().find((candidate) => candidate.id === id) : undefined,
  );
  if (id && !entry && isOutboxEntryWritten(id)) return { written: true };
  return { written: false, entry };
}
