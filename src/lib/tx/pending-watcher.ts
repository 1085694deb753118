import type { JsonRpcProvider } from 'ethers';
import {
  isAwaitedHere,
  markPendingTransaction,
  pendingStore,
  removePendingTransaction,
  type PendingTransaction,
} from '@/lib/tx/pending-store';
import { pollReceipt } from '@/lib/tx/receipt';
import { enqueueBookkeeping } from '@/lib/tx/outbox/outbox-store';

/** A transaction the node has not heard of for this long was dropped or replaced by the wallet. */
export const DROPPED_AFTER_MS = 30 * 60_000;
const POLL_TIMEOUT_MS = 60_000;

/**
 * Waits for one remembered transaction and settles it: confirmed → its bookkeeping goes to the
 * outbox and it is forgotten; reverted or dropped → it stays, marked, for the user to read and
 * dismiss. Resolves with the outcome.
 */
export async function settlePendingTransaction(
  provider: JsonRpcProvider,
  tx: PendingTransaction,
  isStopped: () => boolean = () => false,
): Promise<'confirmed' | 'reverted' | 'dropped' | 'stopped'> {
  while (!isStopped()) {
    const receipt = await pollReceipt(provider, tx.hash, {
      intervalMs: provider.pollingInterval,
      timeoutMs: POLL_TIMEOUT_MS,
      isStopped,
    });
    if (receipt) {
      if (receipt.status === 1) {
        enqueueBookkeeping(tx.hash, tx.account, tx.jobs);
        removePendingTransaction(tx.hash);
        return 'confirmed';
      }
      markPendingTransaction(tx.hash, 'reverted');
      return 'reverted';
    }
    const known = await provider.getTransaction(tx.hash).catch(() => undefined);
    if (known === null && Date.now() - tx.createdAt > DROPPED_AFTER_MS) {
      markPendingTransaction(tx.hash, 'dropped');
      return 'dropped';
    }
  }
  return 'stopped';
}

/**
 * Watches every remembered transaction of `chainId` that no live action in this tab is waiting
 * for (after a reload: all of them). Returns a stop function.
 */
export function watchPendingTransactions(
  provider: JsonRpcProvider,
  chainId: number,
  onConfirmed: (tx: PendingTransaction) => void,
): () => void {
  const watching = new Set<string>();
  let stopped = false;
  const scan = () => {
    for (const tx of pendingStore.read()) {
      const key = tx.hash.toLowerCase();
      if (tx.status !== 'pending' || tx.chainId !== chainId || watching.has(key) || isAwaitedHere(tx.hash)) continue;
      watching.add(key);
      void settlePendingTransaction(provider, tx, () => stopped).then((outcome) => {
        watching.delete(key);
        if (outcome === 'confirmed') onConfirmed(tx);
      });
    }
  };
  scan();
  const unsubscribe = pendingStore.subscribe(scan);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
