/**
 * Outbox entries belong to the account that made them (deployed-system.md §P4.1, §P4.4): Sign Out ends the session
 * only, an entry is written only with its own account's JWT, an entry whose account is not signed
 * in waits visibly ("Sign in as 0x…"), a 403 to a request without a token asks for a sign-in
 * instead of failing, and waiting entries go at once when the browser is back online.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appFlows, registerAppFlows } from '@/app/flows';
import { purchaseFlow } from '@/features/checkout/tx/flow';
import { defineFlow, installFlows } from '@/lib/tx/flow';
import { createCmsClient } from '@/lib/cms/http';
import { writeSession } from '@/lib/session/storage';
import { processOutbox } from '@/lib/tx/outbox/outbox-processor';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { pendingStore } from '@/lib/tx/pending-store';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { buildUser } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { FakeChain } from './fake-chain';

configure({ asyncUtilTimeout: 8000 });

const OUTBOX_KEY = 'terra-mater:outbox';
const PENDING_KEY = 'terra-mater:pending-transactions';
const OTHER = { id: 8, address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', jwt: 'other-jwt' } as const;

/** A stored purchase entry of `account` for CMS NFT `nftId`, due now unless told otherwise. */
function purchaseEntry(account: string, nftId: number, hashByte: string, progress: Record<string, unknown> = {}) {
  const hash = `0x${hashByte.repeat(32)}`;
  return {
    kind: 'purchase',
    title: `Mint Genesis #${nftId}`,
    payload: { nftId, collectionId: 1, fromAddress: null, buyer: account, price: '25500000', kind: 'Mint' },
    id: `${hash}:purchase`,
    txHash: hash,
    account,
    createdAt: 1_700_000_000_000 + nftId,
    done: [],
    attempts: 0,
    state: 'waiting',
    nextAttemptAt: 0,
    ...progress,
  };
}

const rowsOf = (nftId: number) => cmsDb.tables.transactions.filter((row) => Number(row.nft_v_1) === nftId);

/** The Authorization header of every write the CMS receives. */
function recordWrites() {
  const writes: { method: string; path: string; authorization: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') return;
    writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
    });
  });
  return writes;
}

beforeEach(() => {
  server.events.removeAllListeners();
  cmsDb.insert('users', buildUser({ id: OTHER.id, address: OTHER.address }));
  cmsDb.issueJwt(OTHER.id, OTHER.jwt);
});

describe('outbox entries belong to their account', () => {
  it('Sign Out keeps the outbox and the pending transactions; the entry waits as "Sign in as …"', async () => {
    const chain = new FakeChain().serveRpc();
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    // Not due yet (a CMS outage's backoff), so nothing is written before the sign-out.
    const entry = purchaseEntry(DEFAULT_USER.address, 1, 'a1', { nextAttemptAt: Date.now() + 3_600_000 });
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([entry]));
    const dropped = { hash: `0x${'b2'.repeat(32)}`, chainId: 31337, account: DEFAULT_USER.address, step: 'mint' };
    localStorage.setItem(
      PENDING_KEY,
      JSON.stringify([
        { ...dropped, title: 'Mint Genesis #2', createdAt: 1, status: 'dropped', jobs: [], invalidate: [] },
      ]),
    );
    const { user } = renderApp('/home', { walletConnector: chain.connector().load });
    await waitFor(() => expect(screen.getByRole('button', { name: 'My Wallet' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'My Wallet' }));
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(localStorage.getItem('jwtToken')).toBeNull());
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(outboxStore.read()).toEqual([expect.objectContaining({ id: entry.id })]);
    expect(pendingStore.read()).toEqual([expect.objectContaining({ hash: dropped.hash })]);
    await user.click(await screen.findByRole('button', { name: /Transactions in progress: 2/ }));
    expect(
      await within(await screen.findByRole('region', { name: 'Transactions' })).findByText(
        'Sign in as 0x709....c79C8 to record Mint Genesis #1.',
      ),
    ).toBeInTheDocument();
    expect(rowsOf(1)).toEqual([]);
  });

  it('another account signed in: its own entry is written with its JWT, the first account’s waits until that account signs in', async () => {
    const writes = recordWrites();
    const first = purchaseEntry(DEFAULT_USER.address, 1, 'c3');
    const second = purchaseEntry(OTHER.address, 2, 'd4');
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([first, second]));
    writeSession(OTHER.jwt, { id: OTHER.id, address: OTHER.address });
    const seeded = { first: rowsOf(1).length, second: rowsOf(2).length };

    await processOutbox();
    expect(outboxStore.read()).toEqual([expect.objectContaining({ id: first.id, state: 'needs-sign-in' })]);
    expect(rowsOf(1)).toHaveLength(seeded.first);
    expect(rowsOf(2)).toHaveLength(seeded.second + 1);
    expect(rowsOf(2).at(-1)).toMatchObject({ to_address: OTHER.address, desc: 'Mint' });
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((write) => write.authorization === `Bearer ${OTHER.jwt}`)).toBe(true);

    writes.length = 0;
    writeSession(DEFAULT_USER.jwt, { id: DEFAULT_USER.id, address: DEFAULT_USER.address });
    await processOutbox();
    expect(outboxStore.read()).toEqual([]);
    expect(rowsOf(1)).toHaveLength(seeded.first + 1);
    expect(rowsOf(1).at(-1)).toMatchObject({ to_address: DEFAULT_USER.address, desc: 'Mint' });
    expect(writes.map((write) => write.authorization)).toEqual([
      `Bearer ${DEFAULT_USER.jwt}`,
      `Bearer ${DEFAULT_USER.jwt}`,
    ]);
  });

  it('nobody signed in: nothing is sent, the entry waits for its account', async () => {
    const writes = recordWrites();
    const entry = purchaseEntry(DEFAULT_USER.address, 1, 'e5');
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([entry]));
    await processOutbox();
    expect(writes).toEqual([]);
    expect(outboxStore.read()).toEqual([expect.objectContaining({ id: entry.id, state: 'needs-sign-in' })]);
  });

  it('a 403 to a request sent without a token means "needs sign-in", never "failed"', async () => {
    const entry = purchaseEntry(DEFAULT_USER.address, 1, 'f6');
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([entry]));
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    // A handler whose write leaves without the bearer: Strapi's Public role answers 403.
    const tokenless = createCmsClient({ baseURL: 'http://cms.test' });
    installFlows({
      ...appFlows,
      purchase: defineFlow({
        ...purchaseFlow,
        record: () =>
          Promise.resolve({
            run: async () => {
              await tokenless.post('/api/transactions', { data: {} });
            },
          }),
      }),
    });
    try {
      await processOutbox();
    } finally {
      registerAppFlows();
    }
    expect(outboxStore.read()).toEqual([expect.objectContaining({ id: entry.id, state: 'needs-sign-in' })]);
  });

  it('back online: an entry waiting out its backoff is written at once', async () => {
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    const entry = purchaseEntry(DEFAULT_USER.address, 1, 'a7', {
      attempts: 5,
      lastError: 'The server could not be reached.',
      nextAttemptAt: Date.now() + 3_600_000,
    });
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([entry]));
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(rowsOf(1)).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(outboxStore.read()).toEqual([]));
    expect(rowsOf(1)).toHaveLength(1);
  });
});
