import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Where chain history is kept between visits: IndexedDB through `idb` (a small, maintained promise wrapper), so a
 * second visit reads only the blocks added since. Everything kept here is a copy of the chain and can be thrown
 * away; without IndexedDB (a private window that refuses it, a test without it) the same shapes live in memory
 * for the tab's lifetime.
 */

/** One event log, as the reader keeps it. */
export interface StoredLog {
  address: string;
  blockNumber: number;
  logIndex: number;
  transactionHash: string;
  topics: string[];
  data: string;
}

/** How far one contract's logs have been read: every log of `address` in [startBlock, scannedTo] is stored. */
interface ScanProgress {
  startBlock: number;
  scannedTo: number;
  /** The hash of block `scannedTo` when it was read: a chain that no longer has it (reorg, new dev chain) drops the scan. */
  scannedHash: string;
}

export interface HistoryStore {
  progress(scan: string): Promise<ScanProgress | undefined>;
  logs(scan: string): Promise<StoredLog[]>;
  /** Adds logs and moves the scan's progress in one step: a reload resumes from `progress.scannedTo + 1`. */
  append(scan: string, logs: readonly StoredLog[], progress: ScanProgress): Promise<void>;
  drop(scan: string): Promise<void>;
  /** Small immutable facts: block times, deployment blocks, a transaction's logs. */
  fact<T>(key: string): Promise<T | undefined>;
  keepFact(key: string, value: unknown): Promise<void>;
}

interface HistoryDb extends DBSchema {
  scans: { key: string; value: ScanProgress };
  logs: { key: [string, number, number]; value: StoredLog & { scan: string }; indexes: { scan: string } };
  facts: { key: string; value: unknown };
}

const DB_NAME = 'terra-mater-history';

function indexedDbStore(db: Promise<IDBPDatabase<HistoryDb>>): HistoryStore {
  return {
    async progress(scan) {
      return (await db).get('scans', scan);
    },
    async logs(scan) {
      const rows = await (await db).getAllFromIndex('logs', 'scan', scan);
      return rows.map(({ scan: _scan, ...log }) => log);
    },
    async append(scan, logs, progress) {
      const tx = (await db).transaction(['scans', 'logs'], 'readwrite');
      const logStore = tx.objectStore('logs');
      await Promise.all([
        ...logs.map((log) => logStore.put({ ...log, scan })),
        tx.objectStore('scans').put(progress, scan),
        tx.done,
      ]);
    },
    async drop(scan) {
      const tx = (await db).transaction(['scans', 'logs'], 'readwrite');
      const range = IDBKeyRange.bound([scan, -Infinity, -Infinity], [scan, Infinity, Infinity]);
      await Promise.all([tx.objectStore('logs').delete(range), tx.objectStore('scans').delete(scan), tx.done]);
    },
    async fact<T>(key: string) {
      return (await (await db).get('facts', key)) as T | undefined;
    },
    async keepFact(key, value) {
      await (await db).put('facts', value, key);
    },
  };
}

/** The same store in memory: for browsers without IndexedDB and for tests that want a fresh one. */
export function memoryHistoryStore(): HistoryStore {
  const scans = new Map<string, ScanProgress>();
  const logs = new Map<string, StoredLog[]>();
  const facts = new Map<string, unknown>();
  return {
    progress: (scan) => Promise.resolve(scans.get(scan)),
    logs: (scan) => Promise.resolve([...(logs.get(scan) ?? [])]),
    append: (scan, added, progress) => {
      logs.set(scan, [...(logs.get(scan) ?? []), ...added]);
      scans.set(scan, progress);
      return Promise.resolve();
    },
    drop: (scan) => {
      scans.delete(scan);
      logs.delete(scan);
      return Promise.resolve();
    },
    fact: <T>(key: string) => Promise.resolve(facts.get(key) as T | undefined),
    keepFact: (key, value) => {
      facts.set(key, value);
      return Promise.resolve();
    },
  };
}

/** Opens the IndexedDB store, or the memory one when the browser refuses IndexedDB. */
export async function openHistoryStore(): Promise<HistoryStore> {
  if (typeof indexedDB === 'undefined') return memoryHistoryStore();
  try {
    const db = openDB<HistoryDb>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('scans');
        const logStore = database.createObjectStore('logs', { keyPath: ['scan', 'blockNumber', 'logIndex'] });
        logStore.createIndex('scan', 'scan');
        database.createObjectStore('facts');
      },
    });
    await db;
    return indexedDbStore(db);
  } catch {
    return memoryHistoryStore();
  }
}
