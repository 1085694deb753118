/**
 * What is under way shows on screen (deployed-system.md §C5.0): an NFT with a purchase, listing or release under way
 * shows it and offers no second attempt on every screen that shows it; a transaction resumed after a
 * reload says how it ended in a toast; the header's list opens beside the page and closes on Escape
 * and an outside click; a confirmed purchase stays confirmed while its record waits for the CMS.
 * The chain is the in-memory fake chain (held blocks stand for a transaction waiting to be mined),
 * the CMS is MSW.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shortAddress } from '@/lib/format/address';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { addPendingTransaction, markPendingTransaction, pendingStore } from '@/lib/tx/pending-store';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { FakeChain, MARKETPLACE, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

configure({ asyncUtilTimeout: 8000 });

const GENESIS = '0x3000000000000000000000000000000000000001';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const GATEWAY = 'https://ipfs.test/ipfs/';
const MINT_PRICE = 25_500_000n; // CMS NFT 1: Genesis #1, 25.5 USDT, status Mint

let chain: FakeChain;

afterEach(() => server.events.removeAllListeners());

const checkoutDialog = () => screen.getByRole('dialog', { name: 'Checkout' });

describe('a purchase under way', () => {
  beforeEach(() => {
    chain = new FakeChain().serveRpc().collection(GENESIS, MINT_PRICE).fundUsdt(USER, 1_000_000_000n);
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
  });

  const open = (route: string) => renderApp(route, { walletConnector: chain.connector().load });

  /** Starts the mint of Genesis #1 with blocks held, then "reloads": the new page finds it pending. */
  async function mintHeldThenReload(route: string) {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    chain.holdBlocks = true;
    const first = open('/ItemDetail/1');
    await first.user.click(await screen.findByRole('button', { name: 'Mint' }));
    await waitFor(() => expect(within(checkoutDialog()).getByRole('button', { name: 'Mint' })).toBeEnabled());
    await first.user.click(within(checkoutDialog()).getByRole('button', { name: 'Mint' }));
    await within(checkoutDialog()).findByText('Pending on chain');
    const hash = chain.held[0]!.hash;
    first.unmount();
    return { view: open(route), hash };
  }

  it('pending badge: a mint waiting for the chain marks its page and its collection card, and Mint waits for it', async () => {
    const { view } = await mintHeldThenReload('/ItemDetail/1');
    const note = await screen.findByText(/Mint Genesis #1 is waiting for the blockchain/);
    expect(note.parentElement).toHaveTextContent('Pending…');
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();

    await view.router.navigate('/colection/1');
    const card = (await screen.findByRole('link', { name: 'Open Genesis #1' })).closest('article')!;
    expect(within(card).getByText('Pending…')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Open Genesis #2' }).closest('article')!;
    expect(within(other).queryByText('Pending…')).not.toBeInTheDocument();

    chain.mine();
    // Mined: the record is written, and the card offers what the CMS now says.
    await waitFor(() => expect(within(card).queryByText(/Pending…|Record pending/)).not.toBeInTheDocument(), {
      timeout: 10000,
    });
    expect(cmsDb.find('nfts', 1)?.owner).toBe(USER);
  });

  it('a resumed mint that confirms after a reload is told in a toast with its explorer link', async () => {
    const { hash } = await mintHeldThenReload('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.queryByText(/Mint Genesis #1: confirmed/)).not.toBeInTheDocument();
    chain.mine();
    const toast = (await screen.findByText(/Mint Genesis #1: confirmed\./, {}, { timeout: 10000 })).closest(
      '.toast',
    ) as HTMLElement;
    expect(within(toast).getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
      'href',
      `https://explorer.test/tx/${hash}`,
    );
  });

  it('a resumed mint that reverts after a reload is told in a toast', async () => {
    await mintHeldThenReload('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    chain.held[0]!.status = 0; // someone else minted it first
    chain.mine();
    const alert = await screen.findByRole('alert', {}, { timeout: 10000 });
    expect(alert).toHaveTextContent('Mint Genesis #1: Reverted on chain.');
    expect(screen.queryByText(/confirmed\./)).not.toBeInTheDocument();
  });

  it('record pending: with the CMS down when the mint confirms, the dialog stays confirmed and the page shows the chain owner', async () => {
    const view = open('/ItemDetail/1');
    await view.user.click(await screen.findByRole('button', { name: 'Mint' }));
    await waitFor(() => expect(within(checkoutDialog()).getByRole('button', { name: 'Mint' })).toBeEnabled());
    // The CMS goes down between the wallet prompt and the confirmation: every request fails.
    server.use(http.all('http://cms.test/*', () => HttpResponse.error()));
    await view.user.click(within(checkoutDialog()).getByRole('button', { name: 'Mint' }));
    const dialog = checkoutDialog();
    expect(await within(dialog).findByText(/Purchase confirmed. The record could not be saved yet/)).toBeVisible();
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
    expect(outboxStore.read()).toEqual([expect.objectContaining({ kind: 'purchase', state: 'waiting' })]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Owner:').parentElement).toHaveTextContent(shortAddress(USER)));
    const note = screen.getByText(/Mint Genesis #1 is confirmed on the blockchain/);
    expect(note.parentElement).toHaveTextContent('Record pending');
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Genesis #1' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});

describe('a listing or release under way on the profile', () => {
  let genesis: FakeNftCollection;

  beforeEach(() => {
    chain = new FakeChain().serveRpc();
    genesis = chain.install(GENESIS, new FakeNftCollection(chain, GENESIS, 'Terra Genesis', 'ipfs://QmGenesis/'));
    genesis.mintTo(USER, 3, 5);
    server.use(
      http.get(`${GATEWAY}:cid/:id`, ({ params }) =>
        HttpResponse.json({
          name: `Genesis #${String(params.id)}`,
          description: 'token',
          image: `ipfs://QmImg/${String(params.id)}.png`,
        }),
      ),
    );
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
  });

  const openProfile = () => renderApp('/Profile', { walletConnector: chain.connector().load });

  it('pending badge: a listing waiting for the chain marks its Collected card and disables its List Now', async () => {
    chain.approvals.set(`${GENESIS.toLowerCase()}:5`, MARKETPLACE);
    chain.holdBlocks = true;
    const { user } = openProfile();
    await user.click(await screen.findByRole('button', { name: 'List Now: Genesis #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Listing your NFT' });
    await user.type(within(dialog).getByPlaceholderText('Enter list price...'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'List NFT' }));
    await within(dialog).findByText('Pending on chain');

    // The page behind the dialog (hidden from the accessibility tree while it is open). The fake chain moves
    // the token when the transaction is sent, so a reload would no longer list it: the e2e covers the reload.
    const listNow = screen.getByRole('button', { name: 'List Now: Genesis #5', hidden: true });
    expect(listNow).toBeDisabled();
    expect(listNow.closest('article')).toHaveTextContent('Pending…');
    const other = screen.getByRole('button', { name: 'List Now: Genesis #3', hidden: true });
    expect(other).toBeEnabled();
    expect(other.closest('article')).not.toHaveTextContent('Pending…');
  });

  it('pending badge: a release waiting for the chain marks its On Sale card and disables Release from Sale', async () => {
    for (const id of [101, 102, 103]) chain.list(GENESIS, id, OTHER, 1n);
    chain.list(GENESIS, 2, USER, 120_250_000n); // CMS NFT 2 (Genesis #2) is item 4, sold by the user
    chain.holdBlocks = true;
    const first = openProfile();
    await first.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    await first.user.click(await screen.findByRole('button', { name: 'Release from Sale: Genesis #2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release from Sale' });
    await first.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await within(dialog).findByText('Pending on chain');
    first.unmount();

    const second = openProfile();
    await second.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    const release = await screen.findByRole('button', { name: 'Release from Sale: Genesis #2' });
    await waitFor(() => expect(release).toBeDisabled());
    expect(release.closest('article')).toHaveTextContent('Pending…');
    expect(cmsDb.find('nfts', 2)?.nft_status).toBe(2);
  });
});

describe('the transactions list', () => {
  beforeEach(() => {
    chain = new FakeChain().serveRpc();
    // A remembered transaction that reverted: it waits in the list for the user to dismiss it.
    addPendingTransaction({
      hash: `0x${'ab'.repeat(32)}`,
      chainId: 31337,
      account: USER,
      step: 'mint',
      title: 'Mint Genesis #1',
      final: true,
      invalidate: [],
    });
    markPendingTransaction(`0x${'ab'.repeat(32)}`, 'reverted');
  });

  it('opens beside the page and closes on Escape and on a click outside it', async () => {
    const { user } = renderApp('/about');
    const control = await screen.findByRole('button', { name: 'Transactions in progress: 1' });
    expect(control).toHaveTextContent('1');
    expect(control).not.toHaveTextContent('Transactions');

    await user.click(control);
    const panel = await screen.findByRole('dialog', { name: 'Transactions' });
    expect(within(panel).getByText('Mint Genesis #1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transactions' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Transactions in progress: 1' }));
    await screen.findByRole('dialog', { name: 'Transactions' });
    await user.click(document.querySelector('.offcanvas-backdrop')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transactions' })).not.toBeInTheDocument());
    expect(pendingStore.read()).toHaveLength(1);
  });
});
