import { finalisePurchase, type PurchaseRecord } from '@/features/nfts/api/finalise-purchase';
import { getCmsClient } from '@/lib/cms/client';
import type { OutboxHandler } from '@/lib/outbox/outbox-processor';
import type { BookkeepingJob, JobPayload } from '@/lib/outbox/outbox-store';
import { queryKeys } from '@/lib/query/keys';

/** The outbox job kind of a mint or buy's CMS bookkeeping. */
export const PURCHASE_JOB = 'purchase' as const;

/** The job queued with a mint or buy; written once its transaction is confirmed. */
export function purchaseJob(record: PurchaseRecord, title: string): BookkeepingJob<typeof PURCHASE_JOB> {
  return {
    kind: PURCHASE_JOB,
    title,
    payload: {
      nftId: record.nftId,
      collectionId: record.collectionId,
      fromAddress: record.fromAddress,
      buyer: record.buyer,
      price: record.price.toString(),
      kind: record.kind,
    },
  };
}

/** The stored payload (checked against its schema when read) as the record the writes take. */
const recordOf = (payload: JobPayload<typeof PURCHASE_JOB>): PurchaseRecord => ({
  ...payload,
  price: BigInt(payload.price),
});

/** Writes a confirmed purchase to the CMS (spec §4 "Purchase finalisation"), step by step. */
export const purchaseBookkeeping: OutboxHandler<typeof PURCHASE_JOB> = {
  run: ({ entry, step }) => finalisePurchase(recordOf(entry.payload), getCmsClient(), step),
  invalidates: (entry) => [
    queryKeys.cms.nft(entry.payload.nftId),
    queryKeys.cms.nftLists(),
    queryKeys.cms.transactionLists(),
  ],
};
