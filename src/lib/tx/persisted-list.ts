/**
 * A list kept in localStorage that every tab of this browser sees: writes replace the whole list,
 * readers are told on every change (this tab directly, other tabs through the `storage` event).
 * The transaction store and the bookkeeping outbox are built on it; it imports nothing heavy so
 * the header can show their state from the first load.
 */
export interface PersistedList<T> {
  read: () => T[];
  write: (next: T[]) => void;
  update: (change: (current: T[]) => T[]) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPersistedList<T>(key: string, isItem: (value: unknown) => value is T): PersistedList<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: T[] = [];

  const read = (): T[] => {
    const raw = localStorage.getItem(key);
    // Same string, same array: useSyncExternalStore needs a stable snapshot.
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed) ? parsed.filter(isItem) : [];
    } catch {
      cached = [];
    }
    return cached;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const write = (next: T[]) => {
    if (next.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(next));
    notify();
  };

  return {
    read,
    write,
    update: (change) => write(change(read())),
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** True for a non-null object: the stores check the few fields they rely on. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
