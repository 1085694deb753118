import { enqueueRecords } from '@/lib/tx/outbox/outbox-store';
import {
  markPendingTransaction,
  removePendingTransaction,
  sameHash,
  type PendingTransaction,
} from '@/lib/tx/pending-store';

/**
 * THE way a remembered transaction that the chain confirmed is settled, whoever waited for it: the
 * screen that sent it (use-chain-action.ts) or the watcher after a reload or in another tab
 * (pending-watcher.ts). On its action's last step the flow's record goes to the outbox under the
 * hash that was mined (a speed-up is mined under its replacement's hash); the outbox skips a record
 * already queued or written, so two tabs that both saw the receipt queue it once. Then the entry is
 * forgotten, or, when its replacement was mined, kept marked 'replaced' so the list can say so.
 */
export function settleConfirmed(tx: PendingTransaction, minedHash: string): 'confirmed' | 'replaced' {
  if (tx.final && tx.action) enqueueRecords(minedHash, tx.account, [tx.action]);
  // A batch's id is never a mined hash: its action's transaction is the one recorded.
  if (tx.batch || sameHash(minedHash, tx.hash)) {
    removePendingTransaction(tx.hash);
    return 'confirmed';
  }
  markPendingTransaction(tx.hash, 'replaced', minedHash);
  return 'replaced';
}
