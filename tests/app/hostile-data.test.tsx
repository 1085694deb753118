import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { droppedCmsRowCount, resetDroppedCmsRows } from '@/lib/cms/parse';
import { READ_TIMEOUT_MS } from '@/lib/errors/app-error';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft, buildTransaction } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp } from '../render';
import { dashboardChainNode } from './dashboard-chain-node';
import { chainNode } from './nft-chain-node';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => resetDroppedCmsRows());

const cardNames = () => screen.queryAllByRole('link', { name: /^Open / }).map((link) => link.textContent);

/** A handler answer that never comes: the server accepted the request and hangs. */
const never = () => new Promise<never>(() => undefined);

/**
 * Moves the fake clock on in small steps (real time runs too, for the lazy code and MSW to answer) until
 * `found()` holds, at most `budgetMs` of clock from now: later requests of the page start their timeouts
 * on the way, as in a browser.
 */
async function advanceUntil(found: () => boolean, budgetMs: number) {
  const start = Date.now();
  while (!found() && Date.now() - start < budgetMs) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    });
  }
  return Date.now() - start;
}
const realSetTimeout = globalThis.setTimeout;

/** Resolves when a request to `origin` has reached the (hanging) server: its timeout clock runs from there. */
function requestStarted(origin: string) {
  return new Promise<void>((resolve) => {
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).origin === origin) resolve();
    });
  });
}

describe('a bad CMS row is one bad row', () => {
  it('a collection with NFTs priced -1 and 0.0000001 shows its other NFTs and counts the two it left out', async () => {
    cmsDb.insert('nfts', buildNft({ id: 50, token_id: 50, token_name: 'Good #50', collection: 1, nft_status: 3 }));
    cmsDb.insert(
      'nfts',
      buildNft({ id: 51, token_id: 51, token_name: 'Bad #51', collection: 1, nft_status: 3, price: -1 }),
    );
    cmsDb.insert(
      'nfts',
      buildNft({ id: 52, token_id: 52, token_name: 'Tiny #52', collection: 1, nft_status: 3, price: 0.0000001 }),
    );
    chainNode();
    renderApp('/colection/1');
    await waitFor(() => expect(cardNames()).toContain('Good #50'));
    expect(cardNames()).not.toContain('Bad #51');
    expect(cardNames()).not.toContain('Tiny #52');
    expect(screen.queryByText(/could not load this data/)).not.toBeInTheDocument();
    expect(droppedCmsRowCount('NFT')).toBe(2);
  });

  it("a transaction priced -5 leaves the dashboard's collections table standing: its trades come from the chain", async () => {
    cmsDb.insert('transactions', buildTransaction({ id: 90, collection: 1, price: -5 }));
    dashboardChainNode({});
    renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'NFT Collections' });
    expect(within(table).getByText(/Terra Genesis/)).toBeInTheDocument();
    expect(screen.queryByText('The collections could not be read.')).not.toBeInTheDocument();
    // The dashboard reads no CMS transaction row at all (issue 38), so none is even parsed.
    expect(table).not.toHaveTextContent('-5');
    expect(droppedCmsRowCount('transaction')).toBe(0);
  });

  it('an NFT record that fails its schema shows Not found, not an error', async () => {
    cmsDb.insert('nfts', buildNft({ id: 60, token_id: 60, token_name: 'Bad #60', collection: 1, price: -1 }));
    chainNode();
    renderApp('/ItemDetail/60');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    // The record may be read more than once (the route's prefetch and the page's query).
    expect(droppedCmsRowCount('NFT')).toBeGreaterThan(0);
  });
});

describe('nothing hangs', () => {
  it('a hanging CMS: the collection page says so with Try again once the read times out, and Try again loads it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    chainNode();
    let hang = true;
    server.use(http.get('http://cms.test/*', async () => (hang ? never() : undefined)));
    const started = requestStarted('http://cms.test');
    const { user } = renderApp('/colection/1');
    await started;
    const elapsed = await advanceUntil(() => screen.queryByRole('button', { name: 'Try again' }) !== null, 10_000);
    expect(elapsed).toBeGreaterThanOrEqual(READ_TIMEOUT_MS - 500);
    expect(elapsed).toBeLessThan(10_000);
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this data');
    hang = false;
    vi.useRealTimers();
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terra Genesis' })).toBeInTheDocument();
  });

  it('a hanging JSON-RPC node: the swap page says the order book could not be read, with Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post('http://rpc.test/*', never));
    const started = requestStarted('http://rpc.test');
    renderApp('/swapping');
    await started;
    const elapsed = await advanceUntil(() => screen.queryByText('The order book could not be read.') !== null, 10_000);
    expect(elapsed).toBeLessThan(10_000);
    const alert = screen.getByText('The order book could not be read.');
    expect(within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a refused CMS fails at once: the retry is spent inside the 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    chainNode();
    server.use(http.get('http://cms.test/*', () => HttpResponse.error()));
    renderApp('/ItemDetail/21');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
