/**
 * The outbox as stored data: entries are checked against their kind's schema when read back, an
 * entry saved by the previous version still runs, and one that no longer fits is kept, shown in
 * the transactions panel and removed only by the user.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { NFT_STATUS } from '@/lib/cms/types';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { renderApp, storeSession } from '../render';

configure({ asyncUtilTimeout: 8000 });

const OUTBOX_KEY = 'terra-mater:outbox';
const HASH = `0x${'ab'.repeat(32)}`;

/** An entry exactly as the previous version's enqueueBookkeeping stored it (bigints as strings). */
const previousVersionPurchase = {
  kind: 'purchase',
  title: 'Mint Genesis #1',
  payload: {
    nftId: 1,
    collectionId: 1,
    fromAddress: null,
    buyer: DEFAULT_USER.address,
    price: '25500000',
    kind: 'Mint',
  },
  id: `${HASH}:purchase`,
  txHash: HASH,
  account: DEFAULT_USER.address,
  createdAt: 1_700_000_000_000,
  done: [],
  attempts: 0,
  state: 'waiting',
  nextAttemptAt: 0,
};

describe('outbox entries read back from storage', () => {
  it('an entry stored by the previous version loads as its kind and is written to the CMS', async () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([previousVersionPurchase]));
    expect(outboxStore.read()).toEqual([
      expect.objectContaining({ kind: 'purchase', state: 'waiting', payload: previousVersionPurchase.payload }),
    ]);
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    renderApp('/about');
    await waitFor(() => expect(outboxStore.read()).toEqual([]));
    expect(cmsDb.tables.transactions.filter((row) => Number(row.nft_v_1) === 1)).toEqual([
      expect.objectContaining({ price: '25.5', desc: 'Mint', to_address: DEFAULT_USER.address }),
    ]);
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: DEFAULT_USER.address, nft_status: NFT_STATUS.owned });
  });

  it('an entry that no longer parses is kept as stored, shown as unreadable, never run, and dismissable', async () => {
    // A price that is not whole base units: the schema refuses it, the old decoder would have thrown.
    const broken = { ...previousVersionPurchase, payload: { ...previousVersionPurchase.payload, price: '25.5' } };
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([broken]));
    const seeded = cmsDb.tables.transactions.length;
    expect(outboxStore.read()).toEqual([
      expect.objectContaining({ state: 'unreadable', id: broken.id, title: 'Mint Genesis #1', stored: broken }),
    ]);

    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    const { user } = renderApp('/about');
    await user.click(await screen.findByRole('button', { name: /Transactions in progress: 1/ }));
    const panel = await screen.findByRole('region', { name: 'Transactions' });
    expect(within(panel).getByText('Mint Genesis #1')).toBeInTheDocument();
    expect(within(panel).getByText(/This saved record can no longer be read/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Never run: no CMS write, and the stored value is the one written, untouched.
    expect(cmsDb.tables.transactions).toHaveLength(seeded);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]')).toEqual([broken]);

    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(localStorage.getItem(OUTBOX_KEY)).toBeNull());
    expect(screen.queryByRole('button', { name: /Transactions in progress/ })).not.toBeInTheDocument();
  });

  it('an unreadable entry does not hold up the readable one queued after it', async () => {
    const unknownKind = { ...previousVersionPurchase, id: `${HASH}:refund`, kind: 'refund', createdAt: 1 };
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([unknownKind, previousVersionPurchase]));
    const seeded = cmsDb.tables.transactions.length;
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    renderApp('/about');
    await waitFor(() => expect(cmsDb.tables.transactions).toHaveLength(seeded + 1));
    await waitFor(() =>
      expect(outboxStore.read()).toEqual([expect.objectContaining({ state: 'unreadable', id: unknownKind.id })]),
    );
    expect(outboxStore.read()[0]).toMatchObject({ problem: expect.stringContaining('unknown kind "refund"') });
  });
});
