import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { parseStandardList, toTransaction } from '@/lib/cms/parse';
import { NFT_STATUS } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import { recordTransaction, type RecordTransactionInput } from '@/lib/cms/writes/record-transaction';
import { runEachOnce, type WriteStep } from '@/lib/cms/writes/write-step';

/** What a confirmed mint or buy leaves in the CMS, captured when the checkout began. */
export interface PurchaseRecord {
  nftId: number;
  collectionId: number;
  /** The NFT's CMS owner before the purchase (null: never owned → the zero address). */
  fromAddress: string | null;
  buyer: string;
  /** What the buyer paid, USDT base units (the CMS price at checkout). */
  price: bigint;
  kind: 'Mint' | 'Buy';
}

/** The NFT's newest price-history row (ids only grow), or null. */
async function newestTransaction(nftId: number, client: CmsClient) {
  const { data } = await client.get<unknown>('/api/transactions', {
    params: { filters: { nft_v_1: { id: { $eq: nftId } } }, sort: ['id:desc'], pagination: { pageSize: 1 } },
  });
  return parseStandardList(data, toTransaction).items[0] ?? null;
}

/**
 * Purchase finalisation (deployed-system.md §P4.4, §C5.1–C5.2, calls #16–#17): record the transaction,
 * then hand the NFT to the buyer with status 3.
 *
 * Idempotent under retries: when the 'record' part is retried (its POST may have reached the CMS
 * before the answer was lost), the NFT's newest row is read first and, if it is this purchase
 * (same from, to, kind and price), not written again. Only a later purchase of the same NFT could
 * be newer, and that cannot happen before this one's hand-over.
 */
export async function finalisePurchase(
  record: PurchaseRecord,
  client: CmsClient = getCmsClient(),
  step: WriteStep = runEachOnce,
): Promise<void> {
  const row: RecordTransactionInput = {
    collectionId: record.collectionId,
    nftId: record.nftId,
    fromAddress: record.fromAddress || ZERO_ADDRESS,
    toAddress: record.buyer,
    price: record.price,
    kind: record.kind,
  };
  await step('record', async ({ retry }) => {
    if (retry) {
      const newest = await newestTransaction(record.nftId, client);
      const alreadyWritten =
        newest !== null &&
        sameAddress(newest.fromAddress, row.fromAddress) &&
        sameAddress(newest.toAddress, row.toAddress) &&
        newest.description === row.kind &&
        newest.price === row.price;
      if (alreadyWritten) return;
    }
    await recordTransaction(row, client);
  });
  await step('hand-over', async () => {
    await client.put(`/api/nft-v1s/${record.nftId}`, {
      data: { owner: record.buyer, nft_status: NFT_STATUS.owned },
    });
  });
}
