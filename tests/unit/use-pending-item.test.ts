import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseFlow, type PurchasePayload } from '@/features/checkout/tx/flow';
import { actionTitle } from '@/lib/tx/flow';
import { enqueueRecords } from '@/lib/tx/outbox/outbox-store';
import { addPendingTransaction, pendingStore } from '@/lib/tx/pending-store';
import { usePendingItem, type PendingItem } from '@/lib/tx/use-pending-item';
import pending from '@/locales/en/pending.json';

const BUYER = '0x70997970C51812dc3A64d99ea7302b5c3Fb25D21';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const payload: PurchasePayload = {
  nftId: 7,
  collectionId: 2,
  fromAddress: null,
  buyer: BUYER,
  price: '45000000',
  kind: 'Mint',
  name: 'Genesis #3',
};
const withToken = { ...payload, contractAddress: CONTRACT, tokenId: '3' };

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: 'en', resources: { en: { pending } }, defaultNS: 'pending' }));
/** What the badge says the item is waiting for, in English. */
const titleOf = (item: PendingItem | null) => (item ? actionTitle(item.subject, i18n.t) : null);

describe('usePendingItem for a purchase whose record waits', () => {
  it("marks the token on the buyer's Collected tab, which knows the token and not the CMS row", () => {
    enqueueRecords('0xabc', BUYER, [purchaseFlow.action(withToken)]);

    const collected = renderHook(() => usePendingItem({ contract: CONTRACT.toLowerCase(), tokenId: 3n }));
    expect(collected.result.current?.stage).toBe('record');
    expect(titleOf(collected.result.current)).toBe('Mint Genesis #3');

    const otherToken = renderHook(() => usePendingItem({ contract: CONTRACT, tokenId: 4n }));
    expect(otherToken.result.current).toBeNull();

    const byRow = renderHook(() => usePendingItem({ nftId: 7 }));
    expect(byRow.result.current?.subject).toMatchObject({ kind: 'purchase' });
  });

  it('a purchase stored before the token was kept still matches by its CMS row only', () => {
    enqueueRecords('0xdef', BUYER, [purchaseFlow.action(payload)]);

    expect(renderHook(() => usePendingItem({ contract: CONTRACT, tokenId: 3n })).result.current).toBeNull();
    expect(renderHook(() => usePendingItem({ nftId: 7 })).result.current?.stage).toBe('record');
  });
});

describe('usePendingItem while an approval step waits', () => {
  it('marks the item from the approval on, and the approval carries no job to run', () => {
    addPendingTransaction({
      hash: '0xa11',
      chainId: 31337,
      account: BUYER,
      step: 'approve',
      action: purchaseFlow.action(withToken),
      final: false,
      invalidate: [],
    });

    const item = renderHook(() => usePendingItem({ nftId: 7 })).result.current;
    expect(item?.stage).toBe('chain');
    expect(titleOf(item)).toBe('Mint Genesis #3');
    expect(pendingStore.read()[0]?.final).toBe(false);
  });
});
