import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { TransactionOutcome } from '@/components/transaction-toasts';
import { getConfig } from '@/config/env';
import { isAwaitedHere, pendingStore } from '@/lib/tx/pending-store';
import { outboxStore, retryWaitingOutboxEntries } from '@/lib/tx/outbox/outbox-store';
import { SESSION_EVENT } from '@/lib/session/storage';
import { ensureFlows } from '@/lib/tx/flow';
import { ChainSessionContext } from '@/lib/tx/chain-session';

/**
 * Keeps the transaction path moving in the background, on every page: waits for remembered
 * transactions (after a reload, a new tab) and works through the bookkeeping outbox — on start,
 * whenever either store changes, when the session returns, when the browser comes back online
 * and when the next retry is due. Mounted once by the app; it renders only the toasts that say how a
 * transaction it picked up ended. Its working parts (ethers, the processor, the
 * toasts) load only when there is something to do.
 */
export function TransactionsRunner() {
  const queryClient = useQueryClient();
  const pendingCount = useSyncExternalStore(pendingStore.subscribe, () => pendingStore.read().length);
  const outboxCount = useSyncExternalStore(outboxStore.subscribe, () => outboxStore.read().length);
  const batchCount = useSyncExternalStore(
    pendingStore.subscribe,
    () => pendingStore.read().filter((tx) => tx.batch && tx.status === 'pending').length,
  );
  const signer = useContext(ChainSessionContext)?.signer ?? null;
  const hasPending = pendingCount > 0;
  const hasBatch = batchCount > 0;
  const hasOutbox = outboxCount > 0;
  const [outcomes, setOutcomes] = useState<TransactionOutcome[]>([]);
  const tell = useCallback(
    (outcome: TransactionOutcome) =>
      setOutcomes((current) => [...current.filter((shown) => shown.hash !== outcome.hash), outcome]),
    [],
  );

  // A remembered transaction that this tab's screens are not waiting for and that leaves 'pending' for
  // a failure (marked by the watcher, here or in another tab) is told; a confirmation comes from the
  // watcher below (a confirmed transaction leaves the store, which alone does not say how it ended).
  useEffect(() => {
    let before = new Map(pendingStore.read().map((tx) => [tx.hash, tx.status]));
    return pendingStore.subscribe(() => {
      const now = pendingStore.read();
      for (const tx of now) {
        // 'replaced' is a speed-up that confirmed: the watcher tells it as confirmed, below.
        const failed = tx.status !== 'pending' && tx.status !== 'replaced';
        if (before.get(tx.hash) === 'pending' && failed && !isAwaitedHere(tx.hash)) {
          tell({ hash: tx.hash, subject: tx, outcome: tx.status });
        }
      }
      before = new Map(now.map((tx) => [tx.hash, tx.status]));
    });
  }, [tell]);

  // Something is stored: its flows say what it is (title, item, record).
  useEffect(() => {
    if (hasPending || hasOutbox) void ensureFlows();
  }, [hasPending, hasOutbox]);

  useEffect(() => {
    if (!hasPending) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The flows first: settling a transaction queues its flow's record.
    void Promise.all([import('@/lib/tx/pending-watcher'), import('@/lib/chain/provider'), ensureFlows()]).then(
      ([{ watchPendingTransactions }, { getReadProvider }]) => {
        if (cancelled) return;
        stop = watchPendingTransactions(getReadProvider(), getConfig().chainId, (tx) => {
          for (const queryKey of tx.invalidate) void queryClient.invalidateQueries({ queryKey });
          // A speed-up was mined under its replacement's hash: that is the one to look up.
          const replacedBy = pendingStore.read().find((entry) => entry.hash === tx.hash)?.replacedBy;
          tell({ hash: tx.hash, minedHash: replacedBy, subject: tx, outcome: 'confirmed' });
        });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [hasPending, queryClient, tell]);

  // A wallet batch (EIP-5792) is followed through the wallet that sent it: once one is connected.
  useEffect(() => {
    if (!hasBatch || !signer) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('@/lib/tx/pending-watcher'), import('@/lib/tx/batch'), ensureFlows()]).then(
      ([{ watchPendingBatches }, { walletRpcOf }]) => {
        const wallet = walletRpcOf(signer);
        if (cancelled || !wallet) return;
        stop = watchPendingBatches(wallet, getConfig().chainId, (tx, minedHash) => {
          for (const queryKey of tx.invalidate) void queryClient.invalidateQueries({ queryKey });
          tell({ hash: tx.hash, minedHash, subject: tx, outcome: 'confirmed' });
        });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [hasBatch, signer, queryClient, tell]);

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
        const { invalidationsOf, processOutbox } = await import('@/lib/tx/outbox/outbox-processor');
        const result = await withOutboxLock(() => processOutbox());
        for (const entry of result.written) {
          for (const queryKey of await invalidationsOf(entry)) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
        if (!disposed && result.nextAttemptAt) {
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
    // Back online: what waited for the network is due now (retryWaitingOutboxEntries kicks the pass).
    const online = () => {
      retryWaitingOutboxEntries();
      kick();
    };
    const unsubscribe = outboxStore.subscribe(kick);
    window.addEventListener(SESSION_EVENT, kick);
    window.addEventListener('online', online);
    return () => {
      disposed = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener(SESSION_EVENT, kick);
      window.removeEventListener('online', online);
    };
  }, [hasOutbox, queryClient]);

  if (outcomes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TransactionToasts
        outcomes={outcomes}
        onClose={(hash) => setOutcomes((current) => current.filter((shown) => shown.hash !== hash))}
      />
    </Suspense>
  );
}

const TransactionToasts = lazy(() => import('@/components/transaction-toasts'));

/**
 * Two tabs must write each record once: with the Web Locks API (every current browser) passes of
 * all tabs of this browser run one after the other. A tab whose pass waits for the lock then
 * reads the outbox afresh, so an entry another tab wrote meanwhile is gone from it and an entry
 * another tab queued is seen. Without the API (jsdom), the pass just runs.
 */
async function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(OUTBOX_LOCK, () => work());
}

const OUTBOX_LOCK = 'terra-mater:outbox';
