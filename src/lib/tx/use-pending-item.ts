import { useSyncExternalStore } from 'react';
import { sameAddress } from '@/lib/format/address';
import { flowOf, type ActionSubject, type ItemRef, type TxAction } from '@/lib/tx/flow';
import { pendingStore, type PendingTransaction } from '@/lib/tx/pending-store';
import { isReadable, outboxStore, type OutboxRecord } from '@/lib/tx/outbox/outbox-store';

/**
 * "Is something already under way for this item?" for every screen that shows one (collection
 * cards, the detail page, the profile's tabs): a transaction sent and not yet mined, or confirmed
 * and its CMS record still waiting in the outbox. Screens show a badge and disable the action, so
 * nobody lists a token twice or buys what they just bought.
 *
 * Read-only: the pending store and the outbox through their own exports; which items an action
 * concerns is its flow's answer (flow.ts `concerns`), whatever the flow.
 */

export interface PendingItem {
  /** 'chain': sent, waiting to be mined; 'record': confirmed, its CMS record waiting. */
  stage: 'chain' | 'record';
  /** The action under way: its title is asked of its flow where it is shown (`actionTitle`). */
  subject: ActionSubject;
}

const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

const sameId = (a: ItemRef[keyof ItemRef], b: ItemRef[keyof ItemRef]): boolean =>
  present(a) && present(b) && String(a) === String(b);

/** Whether `concerned` (what a flow names) and `ref` (what a screen has) are the same item. */
function sameItem(concerned: ItemRef, ref: ItemRef): boolean {
  if (sameId(concerned.nftId, ref.nftId)) return true;
  if (sameId(concerned.orderId, ref.orderId)) return true;
  return (
    sameId(concerned.tokenId, ref.tokenId) &&
    present(concerned.contract) &&
    sameAddress(ref.contract, concerned.contract)
  );
}

function concerns(action: TxAction | undefined, ref: ItemRef): boolean {
  const described = action ? flowOf(action.kind)?.describe(action.payload) : null;
  return described?.concerns.some((item) => sameItem(item, ref)) ?? false;
}

/** The action under way for `ref`, the chain's wait first; null when there is none. */
export function usePendingItem(ref: ItemRef): PendingItem | null {
  const pending = useSyncExternalStore(pendingStore.subscribe, pendingStore.read);
  const outbox = useSyncExternalStore(outboxStore.subscribe, outboxStore.read);
  return findPendingItem(pending, outbox, ref);
}

function findPendingItem(
  pending: readonly PendingTransaction[],
  outbox: readonly OutboxRecord[],
  ref: ItemRef,
): PendingItem | null {
  for (const tx of pending) {
    // An approval step carries its action too: the item is pending from the first prompt on.
    if (tx.status === 'pending' && concerns(tx.action, ref)) return { stage: 'chain', subject: tx };
  }
  for (const entry of outbox) {
    if (isReadable(entry) && concerns(entry, ref)) return { stage: 'record', subject: entry };
  }
  return null;
}
