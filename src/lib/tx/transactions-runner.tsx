import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getConfig } from '@/config/env';
import { pendingStore } from '@/lib/tx/pending-store';
import type { OutboxHandlers } from '@/lib/tx/outbox/outbox-processor';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { SESSION_EVENT } from '@/lib/session/storage';

/**
 * Keeps the transaction path moving in the background, on every page: waits for remembered
 * transactions (after a reload, a new tab) and works through the bookkeeping outbox — on start,
 * whenever either store changes, when the session returns, when the browser comes back online
 * and when the next retry is due. Mounted once by the app; renders nothing. Its working parts
 * (ethers, the processor) load only when there is something to do.
 */
export function TransactionsRunner({ handlers }: { handlers: OutboxHandlers }) {
  const queryClient = useQueryClient();
  const pendingCount = useSyncExternalStore(pendingStore.subscribe, () => pendingStore.read().length);
  const outboxCount = useSyncExternalStore(outboxStore.subscribe, () => outboxStore.read().length);
  const hasPending = pendingCount > 0;
  const hasOutbox = outboxCount > 0;

  useEffect(() => {
    if (!hasPending) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('@/lib/tx/pending-watcher'), import('@/lib/chain/provider')]).then(
      ([{ watchPendingTransactions }, { getReadProvider }]) => {
        if (cancelled) return;
        stop = watchPendingTransactions(getReadProvider(), getConfig().chainId, (tx) => {
          for (const queryKey of tx.invalidate) void queryClient.invalidateQueries({ queryKey });
        });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [hasPending, queryClient]);

  useEffect(() => {
    if (!hasOutbox) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;
    let disposed = false;
    const pass = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      clearTimeout(timer);
      try {
        const { processOutbox } = await import('@/lib/tx/outbox/outbox-processor');
        const result = await withOutboxLock(() => processOutbox(handlers));
        for (const entry of result?.written ?? []) {
          const load = handlers[entry.kind];
          const handler = load ? await load() : undefined;
          for (const queryKey of handler?.invalidates?.(entry) ?? []) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
        if (!disposed && result?.nextAttemptAt) {
          timer = setTimeout(() => void pass(), Math.max(0, result.nextAttemptAt - Date.now()));
        }
      } finally {
        running = false;
        if (again && !disposed) {
          again = false;
          void pass();
        }
      }
    };
    void pass();
    const kick = () => void pass();
    const unsubscribe = outboxStore.subscribe(kick);
    window.addEventListener(SESSION_EVENT, kick);
    window.addEventListener('online', kick);
    return () => {
      disposed = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener(SESSION_EVENT, kick);
      window.removeEventListener('online', kick);
    };
  }, [hasOutbox, handlers, queryClient]);

  return null;
}

/**
 * Two tabs must not write the same entry at once: with the Web Locks API (every current browser)
 * only the tab holding the lock processes; the other skips this pass and is told of the result
 * through the store. Without it (jsdom), the pass just runs.
 */
async function withOutboxLock<T>(work: () => Promise<T>): Promise<T | undefined> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return work();
  return locks.request('terra-mater:outbox', { ifAvailable: true }, async (lock) => (lock ? work() : undefined));
}
