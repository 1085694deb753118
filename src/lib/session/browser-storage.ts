/**
 * The one way the app touches the browser's localStorage. Storage may refuse: the user can block
 * site data (then merely reading `window.localStorage` throws) and a full quota makes a write
 * throw. Neither may break the app or decide the fate of a transaction, so every call here
 * succeeds:
 * - blocked: the whole store lives in this tab's memory, and the app says so;
 * - a refused write: the value is kept in this tab's memory (it wins over the stored one for this
 *   tab) until a later write of that key succeeds, and the app asks the user to keep the tab open.
 * Light on purpose (no React, no i18n): the header and the stores read it from the first load.
 */

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Found on first use, so that tests can replace `window.localStorage`. */
let backend: Backend | undefined;
let blocked = false;
/** Values a refused write left in memory, by key (null: removed in memory only). */
const inMemory = new Map<string, string | null>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function memoryBackend(): Backend {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function store(): Backend {
  if (backend) return backend;
  try {
    const candidate = window.localStorage;
    // Some browsers hand out the object and refuse only its use.
    candidate.getItem('terra-mater:probe');
    backend = candidate;
  } catch {
    // Found on the first use (before the first render): no listener to tell yet.
    blocked = true;
    backend = memoryBackend();
  }
  return backend;
}

/** Keeps `value` (null: removed) in memory for `key`, or forgets it; tells listeners when that changes. */
function keepInMemory(key: string, value: string | null | undefined) {
  const before = inMemory.has(key);
  if (value === undefined) inMemory.delete(key);
  else inMemory.set(key, value);
  if (before !== inMemory.has(key)) notify();
}

export function getItem(key: string): string | null {
  const backendNow = store();
  if (inMemory.has(key)) return inMemory.get(key) ?? null;
  try {
    return backendNow.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value`; when the browser refuses, keeps it in this tab's memory instead. Never throws. */
export function setItem(key: string, value: string): void {
  const backendNow = store();
  try {
    backendNow.setItem(key, value);
    keepInMemory(key, undefined);
  } catch {
    keepInMemory(key, value);
  }
}

export function removeItem(key: string): void {
  const backendNow = store();
  try {
    backendNow.removeItem(key);
    keepInMemory(key, undefined);
  } catch {
    keepInMemory(key, null);
  }
}

/** Site data is blocked: nothing this tab stores survives it. */
export function isStorageBlocked(): boolean {
  store();
  return blocked;
}

/** The browser refused the last write of `key`: its value lives in this tab's memory only. */
export function isKeptInMemory(key: string): boolean {
  store();
  return blocked || inMemory.has(key);
}

/** Told when a key moves into or out of memory. */
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget the backend and everything kept in memory (the next call looks again). */
export function resetBrowserStorage(): void {
  backend = undefined;
  blocked = false;
  inMemory.clear();
}
