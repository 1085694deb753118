import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseJob } from '@/features/checkout/tx/bookkeeping';
import { enqueueBookkeeping } from '@/lib/tx/outbox/outbox-store';
import { addPendingTransaction, pendingStore } from '@/lib/tx/pending-store';
import { usePendingItem } from '@/lib/tx/use-pending-item';

const BUYER = '0x70997970C51812dc3A64d99ea7302b5c3Fb25D21';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const record = {
  nftId: 7,
  collectionId: 2,
  fromAddress: null,
  buyer: BUYER,
  price: 45_000_000n,
  kind: 'Mint' as const,
};

describe('usePendingItem for a purchase whose record waits', () => {
  it("marks the token on the buyer's Collected tab, which knows the token and not the CMS row", () => {
    enqueueBookkeeping('0xabc', BUYER, [purchaseJob(record, 'Mint Genesis #3', { contract: CONTRACT, tokenId: 3n })]);

    const collected = renderHook(() => usePendingItem({ contract: CONTRACT.toLowerCase(), tokenId: 3n }));
    expect(collected.result.current).toEqual({ stage: 'record', action: 'purchase', title: 'Mint Genesis #3' });

    const otherToken = renderHook(() => usePendingItem({ contract: CONTRACT, tokenId: 4n }));
    expect(otherToken.result.current).toBeNull();

    const byRow = renderHook(() => usePendingItem({ nftId: 7 }));
    expect(byRow.result.current?.action).toBe('purchase');
  });

  it('a purchase stored before the token was kept still matches by its CMS row only', () => {
    enqueueBookkeeping('0xdef', BUYER, [purchaseJob(record, 'Mint Genesis #3')]);

    expect(renderHook(() => usePendingItem({ contract: CONTRACT, tokenId: 3n })).result.current).toBeNull();
    expect(renderHook(() => usePendingItem({ nftId: 7 })).result.current?.stage).toBe('record');
  });
});

describe('usePendingItem while an approval step waits', () => {
  it('marks the item from the approval on, and the approval carries no job to run', () => {
    const job = purchaseJob(record, 'Mint Genesis #3', { contract: CONTRACT, tokenId: 3n });
    addPendingTransaction({
      hash: '0xa11',
      chainId: 31337,
      account: BUYER,
      step: 'approve',
      title: 'Mint Genesis #3',
      jobs: [],
      itemJobs: [job],
      invalidate: [],
    });

    expect(renderHook(() => usePendingItem({ nftId: 7 })).result.current).toEqual({
      stage: 'chain',
      action: 'purchase',
      title: 'Mint Genesis #3',
    });
    expect(pendingStore.read()[0]?.jobs).toEqual([]);
  });
});
