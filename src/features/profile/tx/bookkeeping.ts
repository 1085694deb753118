import type { ListingRecord } from '@/lib/bookkeeping/listing';
import type { BookkeepingJob } from '@/lib/tx/outbox/outbox-store';

/** The outbox job kinds of the profile's CMS bookkeeping (their handlers: `lib/bookkeeping/listing.ts`). */
const LISTING_JOB = 'listing';
const RELEASE_JOB = 'release';

export function listingJob(record: ListingRecord, title: string): BookkeepingJob {
  return { kind: LISTING_JOB, title, payload: { ...record, price: record.price.toString() } };
}

export function releaseJob(nftId: number, title: string): BookkeepingJob {
  return { kind: RELEASE_JOB, title, payload: { nftId } };
}
