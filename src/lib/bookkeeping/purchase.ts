import { finalisePurchase, type PurchaseRecord } from '@/lib/bookkeeping/finalise-purchase';
import type { OutboxHandler } from '@/lib/tx/outbox/outbox-processor';
import type { JobPayload } from '@/lib/tx/outbox/outbox-store';
import { queryKeys } from '@/lib/query/keys';

/** The stored payload (checked against its schema when read) as the record the writes take. */
const recordOf = (payload: JobPayload<'purchase'>): PurchaseRecord => ({
  ...payload,
  price: BigInt(payload.price),
});

/** Writes a confirmed purchase to the CMS (deployed-system.md §P4.4), step by step. */
export const purchaseBookkeeping: OutboxHandler<'purchase'> = {
  run: ({ entry, step, cms }) => finalisePurchase(recordOf(entry.payload), cms, step),
  invalidates: (entry) => [
    queryKeys.cms.nft(entry.payload.nftId),
    queryKeys.cms.nftLists(),
    queryKeys.cms.transactionLists(),
  ],
};
