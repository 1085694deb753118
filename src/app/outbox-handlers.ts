import type { OutboxHandlers } from '@/lib/outbox/outbox-processor';

/**
 * Every kind of CMS bookkeeping that follows a confirmed transaction, by outbox job kind. The
 * features own the handlers; the app only names them, loaded on demand so none of them (nor the
 * CMS client they use) weighs on the first page.
 */
export const outboxHandlers: OutboxHandlers = {
  purchase: () => import('@/features/checkout/purchase-bookkeeping').then((module) => module.purchaseBookkeeping),
  listing: () => import('@/features/profile/listing-bookkeeping').then((module) => module.listingBookkeeping),
  release: () => import('@/features/profile/listing-bookkeeping').then((module) => module.releaseBookkeeping),
};
