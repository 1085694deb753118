import { useSyncExternalStore } from 'react';
import { sameAddress } from '@/lib/format/address';
import { pendingStore, type PendingTransaction } from '@/lib/tx/pending-store';
import { isReadable, outboxStore, type BookkeepingJob, type OutboxRecord } from '@/lib/tx/outbox/outbox-store';

/**
 * "Is something already under way for this NFT?" for every screen that shows it (collection cards,
 * the detail page, the profile's tabs): a purchase, listing or release sent and not yet mined, or
 * confirmed and its CMS record still waiting in the outbox. Screens show a badge and disable the
 * action, so nobody lists a token twice or buys what they just bought (issue 23 items 5 and 6).
 *
 * Read-only: the pending store and the outbox through their own exports, matched on what their
 * bookkeeping jobs carry (the CMS NFT id of a purchase or release, contract + token id of a listing or
 * a purchase).
 */

/** How a screen names an NFT: whatever of these it has. */
interface ItemRef {
  /** The CMS NFT row id. */
  nftId?: number | null;
  contract?: string | null;
  tokenId?: bigint | number | string | null;
}

type PendingItemAction = BookkeepingJob['kind'];

export interface PendingItem {
  /** 'chain': sent, waiting to be mined; 'record': confirmed, its CMS record waiting. */
  stage: 'chain' | 'record';
  action: PendingItemAction;
  /** What the user reads in the transaction list: "Buy Genesis #3". */
  title: string;
}

const sameToken = (ref: ItemRef, contract: string | undefined, tokenId: number | string | undefined): boolean =>
  ref.tokenId !== undefined &&
  ref.tokenId !== null &&
  tokenId !== undefined &&
  String(ref.tokenId) === String(tokenId) &&
  sameAddress(ref.contract, contract);

const sameNft = (ref: ItemRef, nftId: number): boolean =>
  ref.nftId !== undefined && ref.nftId !== null && nftId === ref.nftId;

function jobIsFor(job: BookkeepingJob, ref: ItemRef): boolean {
  switch (job.kind) {
    case 'listing':
      return sameToken(ref, job.payload.contractAddress, job.payload.tokenId);
    case 'purchase':
      // The Collected tab knows the token, not the CMS row: a purchase names both.
      return sameNft(ref, job.payload.nftId) || sameToken(ref, job.payload.contractAddress, job.payload.tokenId);
    case 'release':
      return sameNft(ref, job.payload.nftId);
  }
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
    if (tx.status !== 'pending') continue;
    // An approval step names its action's item through `itemJobs`: the item is pending from the first prompt on.
    const job = [...tx.jobs, ...(tx.itemJobs ?? [])].find((candidate) => jobIsFor(candidate, ref));
    if (job) return { stage: 'chain', action: job.kind, title: tx.title };
  }
  for (const entry of outbox) {
    if (isReadable(entry) && jobIsFor(entry, ref)) return { stage: 'record', action: entry.kind, title: entry.title };
  }
  return null;
}
