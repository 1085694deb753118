import { finalisePurchase, type PurchaseRecord } from '@/lib/bookkeeping/finalise-purchase';
import { getCmsClient } from '@/lib/cms/client';
import type { OutboxHandler } from '@/lib/tx/outbox/outbox-processor';
import type { OutboxEntry } from '@/lib/tx/outbox/outbox-store';
import { queryKeys } from '@/lib/query/keys';

function recordOf(entry: OutboxEntry): PurchaseRecord {
  const { nftId, collectionId, fromAddress, buyer, price, kind } = entry.payload;
  return {
    nftId: Number(nftId),
    collectionId: Number(collectionId),
    fromAddress: typeof fromAddress === 'string' ? fromAddress : null,
    buyer: String(buyer),
    price: BigInt(String(price)),
    kind: kind === 'Mint' ? 'Mint' : 'Buy',
  };
}

/** Writes a confirmed purchase to the CMS (spec §4 "Purchase finalisation"), step by step. */
export const purchaseBookkeeping: OutboxHandler = {
  run: ({ entry, step }) => finalisePurchase(recordOf(entry), getCmsClient(), step),
  invalidates: (entry) => [
    queryKeys.cms.nft(recordOf(entry).nftId),
    queryKeys.cms.nftLists(),
    queryKeys.cms.transactionLists(),
  ],
};
