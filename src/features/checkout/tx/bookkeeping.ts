import type { PurchaseRecord } from '@/lib/bookkeeping/finalise-purchase';
import type { BookkeepingJob } from '@/lib/tx/outbox/outbox-store';

/** The outbox job kind of a mint or buy's CMS bookkeeping (its handler: `lib/bookkeeping/purchase.ts`). */
const PURCHASE_JOB = 'purchase' as const;

/** The job queued with a mint or buy; written once its transaction is confirmed. */
export function purchaseJob(
  record: PurchaseRecord,
  title: string,
  token?: { contract: string; tokenId: bigint },
): BookkeepingJob<typeof PURCHASE_JOB> {
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
      ...(token ? { contractAddress: token.contract, tokenId: token.tokenId.toString() } : {}),
    },
  };
}
