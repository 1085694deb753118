/**
 * Entries stored by the version before flows were descriptors still load: a pending transaction
 * kept a translated `title` and its record's `jobs` (on an approval, `itemJobs`), each
 * `{ kind, title, payload }`; the outbox kept `title` on each entry. They load as the typed action
 * of the same kind and payload, keep their title, still mark their item and still settle once.
 */
import { describe, expect, it } from 'vitest';
import { actionTitle } from '@/lib/tx/flow';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { pendingStore } from '@/lib/tx/pending-store';
import { settleConfirmed } from '@/lib/tx/settle';

const PENDING_KEY = 'terra-mater:pending-transactions';
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const hash = (byte: string) => `0x${byte.repeat(32)}`;

const oldJob = {
  kind: 'purchase',
  title: 'Mint Genesis #1',
  payload: {
    nftId: 1,
    collectionId: 1,
    fromAddress: null,
    buyer: ACCOUNT,
    price: '25500000',
    kind: 'Mint',
    contractAddress: CONTRACT,
    tokenId: '1',
  },
};
const stored = (byte: string, fields: Record<string, unknown>) => ({
  hash: hash(byte),
  chainId: 31337,
  account: ACCOUNT,
  step: 'mint',
  createdAt: 1,
  status: 'pending',
  invalidate: [],
  ...fields,
});

const noTranslation = (key: string) => `untranslated ${key}`;

describe('pending transactions stored by the previous version', () => {
  it('load as their action: the last step with its record, an approval marking its item only, a chain-only one by title', () => {
    localStorage.setItem(
      PENDING_KEY,
      JSON.stringify([
        stored('a1', { title: 'Mint Genesis #1', jobs: [oldJob] }),
        stored('a2', { step: 'approve', title: 'Mint Genesis #1', jobs: [], itemJobs: [oldJob] }),
        stored('a3', { step: 'stake', title: 'Stake Genesis#4', jobs: [] }),
      ]),
    );
    const [last, approval, chainOnly] = pendingStore.read();
    expect(last).toMatchObject({ final: true, action: { kind: 'purchase', payload: oldJob.payload } });
    expect(approval).toMatchObject({ final: false, action: { kind: 'purchase', payload: oldJob.payload } });
    expect(chainOnly).toMatchObject({ final: false, title: 'Stake Genesis#4' });
    expect(chainOnly?.action).toBeUndefined();
    // Their titles are the ones they were stored with, in any language.
    expect(pendingStore.read().map((tx) => actionTitle(tx, noTranslation))).toEqual([
      'Mint Genesis #1',
      'Mint Genesis #1',
      'Stake Genesis#4',
    ]);
  });

  it('a confirmed one settles the one way: its record is queued once, under the hash that was mined', () => {
    localStorage.setItem(PENDING_KEY, JSON.stringify([stored('b1', { title: 'Mint Genesis #1', jobs: [oldJob] })]));
    const [tx] = pendingStore.read();
    expect(settleConfirmed(tx!, hash('b1'))).toBe('confirmed');
    expect(settleConfirmed(tx!, hash('b1'))).toBe('confirmed');
    expect(pendingStore.read()).toEqual([]);
    expect(outboxStore.read()).toEqual([
      expect.objectContaining({ id: `${hash('b1')}:purchase`, kind: 'purchase', payload: oldJob.payload }),
    ]);
  });

  it('an entry that is no transaction at all is dropped, as before', () => {
    localStorage.setItem(PENDING_KEY, JSON.stringify([{ hash: 1 }, stored('c1', { title: 'x' })]));
    expect(pendingStore.read()).toEqual([]);
  });
});
