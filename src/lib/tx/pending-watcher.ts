import type { JsonRpcProvider } from 'ethers';
import { isAwaitedHere, markPendingTransaction, pendingStore, type PendingTransaction } from '@/lib/tx/pending-store';
import { pollReceipt, waitForOutcome, type ChainOutcome, type SentTransaction } from '@/lib/tx/receipt';
import { settleConfirmed } from '@/lib/tx/settle';
import { followBatch, type WalletRpc } from '@/lib/tx/batch';
import { isRecord } from '@/lib/tx/persisted-list';

/**
 * An entry stored without its nonce (before the app kept it) that the node has not heard of for
 * this long was dropped or replaced by the wallet. With the nonce no clock is needed: the chain
 * says when another transaction took it.
 */
export const DROPPED_AFTER_MS = 30 * 60_000;
const POLL_TIMEOUT_MS = 60_000;

export type SettleOutcome = 'confirmed' | 'replaced' | 'reverted' | 'cancelled' | 'dropped' | 'stopped';

/** What the watcher needs to follow an entry by nonce; null for an entry stored without it. */
function sentOf(tx: PendingTransaction): SentTransaction | null {
  if (tx.nonce === undefined || !tx.call) return null;
  return { hash: tx.hash, from: tx.account, nonce: tx.nonce, ...tx.call };
}

/** Books what the chain decided: a confirmation is settled by settle.ts (the record runs once, under the hash that was mined). */
function settle(tx: PendingTransaction, outcome: ChainOutcome): Exclude<SettleOutcome, 'stopped'> {
  const { receipt } = outcome;
  switch (outcome.kind) {
    case 'mined':
      if (receipt.status !== 1) {
        markPendingTransaction(tx.hash, 'reverted');
        return 'reverted';
      }
      return settleConfirmed(tx, tx.hash);
    case 'repriced':
      if (receipt.status !== 1) {
        markPendingTransaction(tx.hash, 'reverted', outcome.replacement);
        return 'reverted';
      }
      return settleConfirmed(tx, outcome.replacement);
    case 'cancelled':
      markPendingTransaction(tx.hash, 'cancelled', outcome.replacement);
      return 'cancelled';
    case 'replaced':
      markPendingTransaction(tx.hash, 'dropped', outcome.replacement);
      return 'dropped';
  }
}

/**
 * Waits for one remembered transaction and settles it by its sender and nonce: mined → its
 * record goes to the outbox and it is forgotten; sped up in the wallet → the record goes to the
 * outbox under the replacement's hash and it stays, marked replaced; reverted,
 * cancelled in the wallet or dropped → it stays, marked, for the user to read and dismiss.
 * Resolves with the outcome.
 */
export async function settlePendingTransaction(
  provider: JsonRpcProvider,
  tx: PendingTransaction,
  isStopped: () => boolean = () => false,
): Promise<SettleOutcome> {
  const sent = sentOf(tx);
  const options = { intervalMs: provider.pollingInterval, timeoutMs: POLL_TIMEOUT_MS, isStopped };
  while (!isStopped()) {
    if (sent) {
      const outcome = await waitForOutcome(provider, sent, options);
      if (outcome) return settle(tx, outcome);
      continue;
    }
    const receipt = await pollReceipt(provider, tx.hash, options);
    if (receipt) return settle(tx, { kind: 'mined', receipt });
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
 * for (after a reload: all of them). `onConfirmed` hears of each one confirmed, a sped-up one
 * included. Returns a stop function.
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
      // A batch is the wallet's to tell (watchPendingBatches).
      if (tx.batch) continue;
      watching.add(key);
      void settlePendingTransaction(provider, tx, () => stopped).then((outcome) => {
        watching.delete(key);
        if (outcome === 'confirmed' || outcome === 'replaced') onConfirmed(tx);
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

/** How long the watcher waits before asking a wallet that failed to answer about a batch again. */
const BATCH_RETRY_MS = 5000;

/**
 * Follows one remembered batch (lib/tx/batch.ts) to its end through the wallet and settles it the
 * one way: confirmed → its record goes to the outbox under the action's mined hash and it is
 * forgotten; reverted on chain → marked reverted; not sent by the wallet (4xx), or a batch id the
 * wallet no longer knows (5730) → marked dropped. Resolves with the outcome and, when confirmed,
 * the mined hash.
 */
export async function settlePendingBatch(
  wallet: WalletRpc,
  tx: PendingTransaction,
  isStopped: () => boolean = () => false,
): Promise<{ outcome: SettleOutcome; minedHash?: string }> {
  while (!isStopped()) {
    let outcome: Awaited<ReturnType<typeof followBatch>>;
    try {
      outcome = await followBatch(wallet, tx.hash, isStopped);
    } catch (error) {
      if (
        isRecord(error) &&
        (error.code === UNKNOWN_BATCH || (isRecord(error.error) && error.error.code === UNKNOWN_BATCH))
      ) {
        markPendingTransaction(tx.hash, 'dropped');
        return { outcome: 'dropped' };
      }
      await new Promise((resolve) => setTimeout(resolve, BATCH_RETRY_MS));
      continue;
    }
    if (!outcome) break;
    if (outcome.kind === 'failed') {
      markPendingTransaction(tx.hash, 'dropped');
      return { outcome: 'dropped' };
    }
    const mined = outcome.receipts.at(-1)?.transactionHash;
    if (outcome.kind === 'reverted' || !mined) {
      markPendingTransaction(tx.hash, 'reverted', mined);
      return { outcome: 'reverted' };
    }
    return { outcome: settleConfirmed(tx, mined), minedHash: mined };
  }
  return { outcome: 'stopped' };
}

/** EIP-5792: "Unknown bundle id". */
const UNKNOWN_BATCH = 5730;

/**
 * Watches every remembered batch of `chainId` that no live action in this tab is waiting for,
 * through the connected `wallet` (only a wallet can say how its batch stands). `onConfirmed` hears
 * of each one confirmed, with the action's mined hash. Returns a stop function.
 */
export function watchPendingBatches(
  wallet: WalletRpc,
  chainId: number,
  onConfirmed: (tx: PendingTransaction, minedHash: string) => void,
): () => void {
  const watching = new Set<string>();
  let stopped = false;
  const scan = () => {
    for (const tx of pendingStore.read()) {
      const key = tx.hash.toLowerCase();
      if (!tx.batch || tx.status !== 'pending' || tx.chainId !== chainId) continue;
      if (watching.has(key) || isAwaitedHere(tx.hash)) continue;
      watching.add(key);
      void settlePendingBatch(wallet, tx, () => stopped).then(({ outcome, minedHash }) => {
        watching.delete(key);
        if (outcome === 'confirmed' && minedHash) onConfirmed(tx, minedHash);
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
