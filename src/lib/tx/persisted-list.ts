import { getItem, isKeptInMemory, removeItem, setItem } from '@/lib/session/browser-storage';

/**
 * A list kept in localStorage that every tab of this browser sees: writes replace the whole list,
 * readers are told on every change (this tab directly, other tabs through the `storage` event).
 * The transaction store and the bookkeeping outbox are built on it; it imports nothing heavy so
 * the header can show their state from the first load. A write the browser refuses (quota full,
 * site data blocked) never throws: the list then lives in this tab's memory (browser-storage.ts),
 * so a sent transaction is still followed and its record still written while the tab is open.
 */
export interface PersistedList<T> {
  read: () => T[];
  write: (next: T[]) => void;
  update: (change: (current: T[]) => T[]) => void;
  subscribe: (listener: () => void) => () => void;
  /** The browser refused to store the list: it lives in this tab only (see subscribeStorage). */
  keptInMemory: () => boolean;
  /** Reads the stored items again and tells every reader (what makes an item readable has changed). */
  refresh: () => void;
}

/**
 * How stored items become list items: a guard keeps the items it accepts (and drops the rest); a
 * codec turns every stored item into a list item (it may stand for "unreadable", or bring an item
 * stored by an older version up to date) or null to drop it, and back.
 */
export type ItemReader<T> =
  ((value: unknown) => value is T) | { read: (stored: unknown) => T | null; write: (item: T) => unknown };

export function createPersistedList<T>(key: string, items: ItemReader<T>): PersistedList<T> {
  const fromStored = (stored: unknown[]): T[] =>
    typeof items === 'function'
      ? stored.filter(items)
      : stored.map((value) => items.read(value)).filter((item): item is T => item !== null);
  const toStored = (next: T[]): unknown[] => (typeof items === 'function' ? next : next.map(items.write));
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: T[] = [];

  const read = (): T[] => {
    const raw = getItem(key);
    // Same string, same array: useSyncExternalStore needs a stable snapshot.
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed) ? fromStored(parsed) : [];
    } catch {
      cached = [];
    }
    return cached;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const write = (next: T[]) => {
    if (next.length === 0) removeItem(key);
    else setItem(key, JSON.stringify(toStored(next)));
    notify();
  };

  return {
    read,
    write,
    update: (change) => write(change(read())),
    keptInMemory: () => isKeptInMemory(key),
    refresh: () => {
      cachedRaw = undefined;
      notify();
    },
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
