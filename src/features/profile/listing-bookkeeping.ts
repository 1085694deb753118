import { getConfig } from '@/config/env';
import { releaseNftSale } from '@/features/profile/api/release-nft-sale';
import { saveListing, type SaveListingInput } from '@/features/profile/api/save-listing';
import { listedItemId } from '@/features/profile/flows';
import { getReadProvider } from '@/lib/chain/provider';
import { getCmsClient } from '@/lib/cms/client';
import { AppError } from '@/lib/errors/app-error';
import type { OutboxHandler } from '@/lib/outbox/outbox-processor';
import type { BookkeepingJob, JobPayload } from '@/lib/outbox/outbox-store';
import { queryKeys } from '@/lib/query/keys';

/** The outbox job kinds of the profile's CMS bookkeeping. */
export const LISTING_JOB = 'listing' as const;
export const RELEASE_JOB = 'release' as const;

/** Everything the listing's CMS rows need except the item id, which the confirmed receipt gives. */
export type ListingRecord = Omit<SaveListingInput, 'itemId'>;

export function listingJob(record: ListingRecord, title: string): BookkeepingJob<typeof LISTING_JOB> {
  return { kind: LISTING_JOB, title, payload: { ...record, price: record.price.toString() } };
}

/** The stored payload (checked against its schema when read) as the record the writes take. */
const listingOf = (payload: JobPayload<typeof LISTING_JOB>): ListingRecord => ({
  ...payload,
  price: BigInt(payload.price),
});

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

/** Spec §4 Listing flow steps 4–5, after `createMarketItem` is confirmed. */
export const listingBookkeeping: OutboxHandler<typeof LISTING_JOB> = {
  run: async ({ entry, step }) => {
    const itemId = await itemIdOf(entry.txHash);
    await saveListing({ ...listingOf(entry.payload), itemId: Number(itemId) }, getCmsClient(), step);
  },
  invalidates: () => [queryKeys.cms.nftLists(), queryKeys.cms.collectionLists()],
};

export function releaseJob(nftId: number, title: string): BookkeepingJob<typeof RELEASE_JOB> {
  return { kind: RELEASE_JOB, title, payload: { nftId } };
}

/** Spec §4 Release flow: after `releaseSale` is confirmed, the row is no longer for sale (status 3). */
export const releaseBookkeeping: OutboxHandler<typeof RELEASE_JOB> = {
  run: async ({ entry, step }) => {
    await step('released', () => releaseNftSale(entry.payload.nftId, getCmsClient()));
  },
  invalidates: (entry) => [queryKeys.cms.nft(entry.payload.nftId), queryKeys.cms.nftLists()],
};
