import type { TransactionReceipt } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import type { ListingPayload, ReleasePayload } from '@/features/profile/tx/flow';
import { saveListing, type SaveListingInput } from '@/features/profile/tx/save-listing';
import { releaseNftSale } from '@/lib/cms/writes/release-nft-sale';
import { findMarketItemCreated } from '@/lib/chain/contracts/marketplace';
import { getReadProvider } from '@/lib/chain/provider';
import { AppError } from '@/lib/errors/app-error';
import type { FlowRecord } from '@/lib/tx/flow';
import { queryKeys } from '@/lib/query/keys';

/** Everything the listing's CMS rows need except the item id, which the confirmed receipt gives. */
type ListingRecord = Omit<SaveListingInput, 'itemId'>;

/** The stored payload (checked against its schema when read) as the record the writes take. */
const listingOf = (payload: ListingPayload): ListingRecord => ({
  ...payload,
  price: BigInt(payload.price),
});

/** The new marketplace item id, read from the `MarketItemCreated` event of the listing's receipt. */
export function listedItemId(receipt: TransactionReceipt, marketplace: Address): bigint {
  const created = findMarketItemCreated(receipt, marketplace);
  if (!created) {
    throw new AppError('invalid-response', 'The listing was confirmed but carries no MarketItemCreated event.', {
      cause: receipt.hash,
    });
  }
  return created.itemId;
}

/**
 * The new marketplace item id, from the `MarketItemCreated` event of the confirmed listing. Read
 * again from the receipt on every attempt (the outbox keeps the hash, the chain keeps the event),
 * so a listing confirmed while the page was closed is written just the same.
 */
async function itemIdOf(txHash: string): Promise<bigint> {
  const receipt = await getReadProvider().getTransactionReceipt(txHash);
  if (!receipt) throw new AppError('network', 'The listing receipt is not available yet.');
  return listedItemId(receipt, getConfig().addresses.marketplace);
}

/** deployed-system.md §P4.5 steps 4–5, after `createMarketItem` is confirmed. */
export const listingRecord: FlowRecord<ListingPayload> = {
  run: async ({ payload, txHash, step, cms }) => {
    const itemId = await itemIdOf(txHash);
    await saveListing({ ...listingOf(payload), itemId: Number(itemId) }, cms, step);
  },
  invalidates: () => [queryKeys.cms.nftLists(), queryKeys.cms.collectionLists()],
};

/** deployed-system.md §P4.6: after `releaseSale` is confirmed, the row is no longer for sale (status 3). */
export const releaseRecord: FlowRecord<ReleasePayload> = {
  run: async ({ payload, step, cms }) => {
    await step('released', () => releaseNftSale(payload.nftId, cms));
  },
  invalidates: (payload) => [queryKeys.cms.nft(payload.nftId), queryKeys.cms.nftLists()],
};
