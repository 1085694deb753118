import type { OutboxHandlers } from '@/lib/tx/outbox/outbox-processor';

/**
 * Every kind of CMS bookkeeping that follows a confirmed transaction, by outbox job kind. The
 * features own the handlers; the app only names them, loaded on demand so none of them (nor the
 * CMS client they use) weighs on the first page.
 */
export const outboxHandlers: OutboxHandlers = {
  purchase: () => import('@/lib/bookkeeping/purchase').then((module) => module.purchaseBookkeeping),
  listing: () => import('@/lib/bookkeeping/listing').then((module) => module.listingBookkeeping),
  release: () => import('@/lib/bookkeeping/listing').then((module) => module.releaseBookkeeping),
};
