/**
 * Storage never decides the fate of a transaction: a write the browser refuses (quota full) keeps
 * the list in this tab's memory, and blocked site data (reading `localStorage` throws) leaves a
 * working store in memory. Sign-out and account switches end the session only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isKeptInMemory, isStorageBlocked, resetBrowserStorage } from '@/lib/session/browser-storage';
import { clearSession, readJwt, readUserInfo, writeSession } from '@/lib/session/storage';
import { enqueueRecords, outboxStore } from '@/lib/tx/outbox/outbox-store';
import { addPendingTransaction, pendingStore, removePendingTransaction } from '@/lib/tx/pending-store';

const OUTBOX_KEY = 'terra-mater:outbox';
const PENDING_KEY = 'terra-mater:pending-transactions';
const HASH = `0x${'cd'.repeat(32)}`;
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const purchaseJob = {
  kind: 'purchase' as const,
  payload: {
    nftId: 1,
    collectionId: 1,
    fromAddress: null,
    buyer: ACCOUNT,
    price: '25500000',
    kind: 'Mint' as const,
  },
};

const pendingMint = {
  hash: HASH,
  chainId: 31337,
  account: ACCOUNT,
  step: 'mint' as const,
  action: purchaseJob,
  final: true,
  invalidate: [],
};

/** Makes every setItem of this browser throw as a full quota does. */
function fillQuota() {
  return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a storage write the browser refuses (quota full)', () => {
  it('a sent transaction and its record are kept in this tab’s memory, never thrown at the caller', () => {
    const quota = fillQuota();
    expect(() => addPendingTransaction(pendingMint)).not.toThrow();
    expect(pendingStore.read()).toEqual([expect.objectContaining({ hash: HASH, status: 'pending' })]);
    expect(() => enqueueRecords(HASH, ACCOUNT, [purchaseJob])).not.toThrow();
    expect(outboxStore.read()).toEqual([expect.objectContaining({ kind: 'purchase', state: 'waiting' })]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(pendingStore.keptInMemory()).toBe(true);
    expect(outboxStore.keptInMemory()).toBe(true);
    expect(quota).toHaveBeenCalled();
  });

  it('goes back to storage as soon as a write of the list succeeds again', () => {
    const quota = fillQuota();
    addPendingTransaction(pendingMint);
    expect(pendingStore.keptInMemory()).toBe(true);
    quota.mockRestore();
    removePendingTransaction(HASH);
    expect(pendingStore.read()).toEqual([]);
    expect(pendingStore.keptInMemory()).toBe(false);
    addPendingTransaction(pendingMint);
    expect(JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]')).toEqual([expect.objectContaining({ hash: HASH })]);
  });
});

describe('blocked site data (reading localStorage throws)', () => {
  it('sessions and lists work in memory, and storage reports itself blocked', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      resetBrowserStorage();
      expect(isStorageBlocked()).toBe(true);
      writeSession('jwt-a', { id: 7, address: ACCOUNT });
      expect(readJwt()).toBe('jwt-a');
      enqueueRecords(HASH, ACCOUNT, [purchaseJob]);
      expect(outboxStore.read()).toHaveLength(1);
      expect(isKeptInMemory(OUTBOX_KEY)).toBe(true);
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
      resetBrowserStorage();
    }
  });
});

describe('ending a session', () => {
  it('clears the JWT and user only: the outbox and the pending transactions stay', () => {
    writeSession('jwt-a', { id: 7, address: ACCOUNT });
    addPendingTransaction(pendingMint);
    enqueueRecords(`0x${'ef'.repeat(32)}`, ACCOUNT, [purchaseJob]);
    clearSession();
    expect(readJwt()).toBeNull();
    expect(readUserInfo()).toBeNull();
    expect(pendingStore.read()).toHaveLength(1);
    expect(outboxStore.read()).toHaveLength(1);
  });
});
