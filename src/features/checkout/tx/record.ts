import type { PurchasePayload } from '@/features/checkout/tx/flow';
import { finalisePurchase, type PurchaseRecord } from '@/features/checkout/tx/finalise-purchase';
import type { FlowRecord } from '@/lib/tx/flow';
import { queryKeys } from '@/lib/query/keys';

/** The stored payload (checked against its schema when read) as the record the writes take. */
const recordOf = (payload: PurchasePayload): PurchaseRecord => ({
  nftId: payload.nftId,
  collectionId: payload.collectionId,
  fromAddress: payload.fromAddress,
  buyer: payload.buyer,
  price: BigInt(payload.price),
  kind: payload.kind,
});

/** Writes a confirmed purchase to the CMS (deployed-system.md §P4.4), step by step. */
export const purchaseRecord: FlowRecord<PurchasePayload> = {
  run: ({ payload, step, cms }) => finalisePurchase(recordOf(payload), cms, step),
  invalidates: (payload) => [
    queryKeys.cms.nft(payload.nftId),
    queryKeys.cms.nftLists(),
    queryKeys.cms.transactionLists(),
  ],
};
