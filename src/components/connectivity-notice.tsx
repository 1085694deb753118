import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isStorageBlocked, subscribeStorage } from '@/lib/session/browser-storage';

const UnsavedWorkNotice = lazy(() => import('@/components/unsaved-work-notice'));

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Banners for what the browser takes away: the network (the queue waits and resumes by itself
 * when it returns) and storage (blocked site data; or a write it refused, so a transaction or its
 * record lives only in this tab, which must stay open until the record is written). The network and blocked-storage
 * banners are plain markup on every page from the first load; the memory-only one watches the transaction stores
 * and loads after the first paint (unsaved-work-notice.tsx).
 */
export function ConnectivityNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const blocked = useSyncExternalStore(subscribeStorage, isStorageBlocked);
  const messages = [
    online ? null : t('connectivity.offline'),
    blocked ? t('connectivity.storageBlocked') : null,
  ].filter((message) => message !== null);
  return (
    <>
      {messages.length > 0 && (
        <div className="container mt-3">
          {messages.map((message) => (
            <p key={message} className="alert alert-warning mb-2" role="status">
              {message}
            </p>
          ))}
        </div>
      )}
      <Suspense fallback={null}>
        <UnsavedWorkNotice />
      </Suspense>
    </>
  );
}
