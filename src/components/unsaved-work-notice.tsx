import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isStorageBlocked, subscribeStorage } from '@/lib/session/browser-storage';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { pendingStore } from '@/lib/tx/pending-store';

function subscribeUnsaved(listener: () => void) {
  const unsubscribers = [subscribeStorage(listener), outboxStore.subscribe(listener), pendingStore.subscribe(listener)];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** A transaction or a record still to be written exists only in this tab's memory (storage refused it). */
const hasUnsavedWork = () =>
  !isStorageBlocked() && [outboxStore, pendingStore].some((list) => list.keptInMemory() && list.read().length > 0);

/**
 * "Keep this tab open": a transaction or its record lives only in this tab's memory because the browser refused to
 * store it. Such work is only ever made in this tab after it loaded, so this part of the connectivity notice (and the
 * transaction stores it watches) is loaded after the first paint.
 */
export default function UnsavedWorkNotice() {
  const { t } = useTranslation();
  const unsaved = useSyncExternalStore(subscribeUnsaved, hasUnsavedWork);
  if (!unsaved) return null;
  return (
    <div className="container mt-3">
      <p className="alert alert-warning mb-2" role="status">
        {t('connectivity.storageMemoryOnly')}
      </p>
    </div>
  );
}
