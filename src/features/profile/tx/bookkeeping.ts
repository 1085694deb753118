import type { ListingRecord } from '@/lib/bookkeeping/listing';
import type { BookkeepingJob } from '@/lib/tx/outbox/outbox-store';

/** The outbox job kinds of the profile's CMS bookkeeping (their handlers: `lib/bookkeeping/listing.ts`). */
const LISTING_JOB = 'listing' as const;
const RELEASE_JOB = 'release' as const;

export function listingJob(record: ListingRecord, title: string): BookkeepingJob<typeof LISTING_JOB> {
  return { kind: LISTING_JOB, title, payload: { ...record, price: record.price.toString() } };
}

export function releaseJob(nftId: number, title: string): BookkeepingJob<typeof RELEASE_JOB> {
  return { kind: RELEASE_JOB, title, payload: { nftId } };
}
