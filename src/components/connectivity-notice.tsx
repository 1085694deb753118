import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isStorageBlocked, subscribeStorage } from '@/lib/session/browser-storage';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { pendingStore } from '@/lib/tx/pending-store';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function subscribeUnsaved(listener: () => void) {
  const unsubscribers = [subscribeStorage(listener), outboxStore.subscribe(listener), pendingStore.subscribe(listener)];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** A transaction or a record still to be written exists only in this tab's memory (storage refused it). */
const hasUnsavedWork = () =>
  !isStorageBlocked() && [outboxStore, pendingStore].some((list) => list.keptInMemory() && list.read().length > 0);

/**
 * Banners for what the browser takes away: the network (the queue waits and resumes by itself
 * when it returns) and storage (blocked site data; or a write it refused, so a transaction or its
 * record lives only in this tab, which must stay open until the record is written). Plain markup,
 * no extra chunk: it is on every page from the first load.
 */
export function ConnectivityNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const blocked = useSyncExternalStore(subscribeStorage, isStorageBlocked);
  const unsaved = useSyncExternalStore(subscribeUnsaved, hasUnsavedWork);
  const messages = [
    online ? null : t('connectivity.offline'),
    blocked ? t('connectivity.storageBlocked') : null,
    unsaved ? t('connectivity.storageMemoryOnly') : null,
  ].filter((message) => message !== null);
  if (messages.length === 0) return null;
  return (
    <div className="container mt-3">
      {messages.map((message) => (
        <p key={message} className="alert alert-warning mb-2" role="status">
          {message}
        </p>
      ))}
    </div>
  );
}
