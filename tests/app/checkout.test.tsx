/**
 * Checkout through the screen: the NFT page's Mint / Buy Now dialog with a connected wallet whose
 * signer is a real ethers BrowserProvider over the fake chain's EIP-1193 wallet, the read provider
 * answered by the same fake chain, and the CMS answered by MSW. Every step, every failure, and the
 * bookkeeping outbox behind them.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { pendingStore } from '@/lib/tx/pending-store';
import { NFT_STATUS } from '@/lib/cms/types';
import { shortAddress } from '@/lib/format/address';
import { formatAmount } from '@/lib/format/numbers';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { FakeChain, MARKETPLACE, USER } from './fake-chain';

configure({ asyncUtilTimeout: 8000 });

const GENESIS = '0x3000000000000000000000000000000000000001';
const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const MINT_PRICE = 25_500_000n; // NFT 1: 25.5 USDT, status Mint
const BUY_PRICE = 50_000_000n;

let chain: FakeChain;

/** CMS writes by method and path (the once-per-visit views bump left out), to assert what was (not) written. */
function recordCms() {
  const writes: { method: string; path: string }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.host !== 'cms.test' || request.method === 'GET') return;
    void request
      .clone()
      .json()
      .then((body: { data?: Record<string, unknown> }) => {
        if (Object.keys(body.data ?? {}).join() !== 'views')
          writes.push({ method: request.method, path: url.pathname });
      });
  });
  return writes;
}

/** Answers CMS writes to NFT rows other than the views bump with `response` while `times` > 0. */
function failNftUpdates(times: number, status: number) {
  let left = times;
  server.use(
    http.put('http://cms.test/api/nft-v1s/:id', async ({ request }) => {
      const body = (await request.clone().json()) as { data: Record<string, unknown> };
      if (left <= 0 || 'views' in body.data) return undefined;
      left -= 1;
      return HttpResponse.json({ error: { message: 'down' } }, { status });
    }),
  );
}

const transactionsOf = (nftId: number) => cmsDb.tables.transactions.filter((row) => Number(row.nft_v_1) === nftId);

beforeEach(() => {
  chain = new FakeChain().serveRpc().collection(GENESIS, MINT_PRICE).fundUsdt(USER, 1_000_000_000n);
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});
afterEach(() => server.events.removeAllListeners());

async function openCheckout(route: string, button: 'Mint' | 'Buy Now') {
  const view = renderApp(route, { walletConnector: chain.connector().load });
  await userOpens(view.user, button);
  return view;
}

async function userOpens(user: ReturnType<typeof renderApp>['user'], button: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  const opened = await screen.findByRole('dialog', { name: 'Checkout' });
  // The action button waits for the chain's terms (price, item); the NFT may be gone by then.
  await waitFor(() =>
    expect(
      within(opened).queryByRole('alert') ?? within(opened).getByRole('button', { name: button }),
    ).not.toBeDisabled(),
  );
  return opened;
}

const dialog = () => screen.getByRole('dialog', { name: 'Checkout' });

/** A listed NFT of another seller, in the CMS (status 2) and on the fake marketplace. */
function listedNft() {
  cmsDb.insert(
    'nfts',
    buildNft({ id: 10, token_id: 7, token_name: 'Genesis #7', collection: 1, nft_status: 2, price: 50, owner: SELLER }),
  );
  return chain.list(GENESIS, 7, SELLER, BUY_PRICE);
}

describe('own listing on the NFT page', () => {
  it('offers Release from Sale instead of Buy Now and releases through the profile flow', async () => {
    cmsDb.insert(
      'nfts',
      buildNft({ id: 11, token_id: 9, token_name: 'Genesis #9', collection: 1, nft_status: 2, price: 5, owner: USER }),
    );
    const itemId = chain.list(GENESIS, 9, USER, BUY_PRICE);
    cmsDb.update('nfts', 11, { item_id: Number(itemId) });
    const { user } = renderApp('/ItemDetail/11', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Release from Sale' }));
    expect(screen.getByText('This is your listing.')).toBeInTheDocument();
    // The marketplace item's price (BUY_PRICE), not the CMS row's 5: a seller sees what a buyer would pay.
    expect(screen.getByText('Current price').parentElement).toHaveTextContent('Current price50.000 USDT≈ $50.00');
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getByText('Owner:').parentElement).toHaveTextContent(
      `Owner: ${shortAddress(USER)} · listed on the marketplace`,
    );
    const release = await screen.findByRole('dialog', { name: 'Release from Sale' });
    await user.click(within(release).getByRole('button', { name: 'Release' }));
    await within(release).findByText('Genesis #9 is back in your wallet.');
    expect(chain.ownerOf(GENESIS, 9)).toBe(USER);
    expect(chain.walletMethods().filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
  });
});

describe('checkout: mint', () => {
  it('approves USDT, mints, records the transaction and shows the new owner, Sold and the history row', async () => {
    const writes = recordCms();
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    expect(within(dialog()).getByText('You are about to purchase a Genesis #1')).toBeInTheDocument();
    expect(within(dialog()).queryByText('5% Sale fee is included in this price.')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));

    await within(dialog()).findByText(/Purchase complete/);
    expect(within(dialog()).getByText('1 of 2 — approve USDT')).toBeInTheDocument();
    expect(within(dialog()).getByText('2 of 2 — mint')).toBeInTheDocument();
    const links = within(dialog()).getAllByRole('link', { name: /View on the explorer/ });
    expect(links).toHaveLength(2);
    expect(links[1]).toHaveAttribute('href', expect.stringMatching(/^https:\/\/explorer\.test\/tx\/0x[0-9a-f]{64}$/));

    // On chain: two prompts, the buyer owns it and paid exactly the price.
    expect(chain.walletMethods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
    expect(chain.usdtOf(USER)).toBe(1_000_000_000n - MINT_PRICE);
    expect(chain.usdtOf(GENESIS)).toBe(MINT_PRICE);

    // In the CMS: one transaction row, then the hand-over.
    expect(transactionsOf(1)).toEqual([
      expect.objectContaining({
        from_address: '0x0000000000000000000000000000000000000000',
        to_address: USER,
        desc: 'Mint',
        collection: 1,
      }),
    ]);
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: USER, nft_status: NFT_STATUS.owned });
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/transactions', 'PUT /api/nft-v1s/1']);
    expect(outboxStore.read()).toEqual([]);
    expect(pendingStore.read()).toEqual([]);

    // The page reloads its data: owner, Sold, and the Price History row.
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByText('Owner:').parentElement).toHaveTextContent('0x709....c79C8'));
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mint' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Price History' });
    await within(history).findByText('Mint');
  });

  it('asks the wallet once when the allowance already covers the price', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText(/Purchase complete/);
    expect(within(dialog()).getByText('1 of 1 — mint')).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  });

  it('a rejection at the approve writes nothing, clears the wait and lets the user try again', async () => {
    const writes = recordCms();
    chain.rejectNextRequest('eth_sendTransaction');
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText(/You declined the request in your wallet/);
    expect(within(dialog()).queryByText('Waiting for Transaction...')).not.toBeInTheDocument();
    expect(within(dialog()).getAllByRole('button', { name: 'Close' })[0]).toBeEnabled();
    expect(writes).toEqual([]);
    expect(chain.ownerOf(GENESIS, 1)).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await within(dialog()).findByText(/Purchase complete/);
    expect(transactionsOf(1)).toHaveLength(1);
  });

  it('shows the decoded revert reason and sends nothing when the mint would revert', async () => {
    chain.pausedMint.add(GENESIS.toLowerCase());
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    const writes = recordCms();
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(await within(dialog()).findByRole('button', { name: 'Mint' }));
    expect(
      await within(dialog()).findByText(/The blockchain refused the transaction: NFT: minting is paused/),
    ).toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
    expect(writes).toEqual([]);
    expect(within(dialog()).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says how much USDT is missing and asks the wallet nothing when the balance is too low', async () => {
    chain.fundUsdt(USER, 20_000_000n);
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(
      await within(dialog()).findByText('Your USDT balance is 20.000: you need 5.500 USDT more.'),
    ).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m === 'eth_estimateGas' || m === 'eth_sendTransaction')).toEqual([]);
  });

  it('re-reads the chain: an NFT minted since the page loaded is not offered', async () => {
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    chain.setOwner(GENESIS, 1, SELLER);
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(await within(dialog()).findByText('This NFT has already been minted by someone else.')).toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
  });

  it('connects and signs in first when nobody is signed in, then continues the purchase', async () => {
    localStorage.clear();
    const connector = chain.connector({ connected: false });
    // The stand-in wallet signs the sign-in message like a real one would.
    const view = renderApp('/ItemDetail/1', { walletConnector: connector.load });
    await userOpens(view.user, 'Mint');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(connector.state.opened).toBe(1);
    await within(dialog()).findByText(/Purchase complete/, {}, { timeout: 15000 });
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
  });
});

describe('checkout: the wallet and the network', () => {
  it('a wallet on another chain is asked to switch first: declined → nothing is sent; accepted → the purchase goes on', async () => {
    // Declined twice: once when the wallet connects (the header's check), once at the checkout.
    chain.rejectNextRequest('wallet_switchEthereumChain', 2);
    const view = renderApp('/ItemDetail/1', { walletConnector: chain.connector({ chainId: 1 }).load });
    await userOpens(view.user, 'Mint');
    await view.user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(
      await within(dialog()).findByText(
        'Your wallet is not on Anvil Local. Switch to it in your wallet and try again.',
      ),
    ).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m === 'wallet_switchEthereumChain')).toHaveLength(2);
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');

    await view.user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await within(dialog()).findByText(/Purchase complete/);
    const methods = chain.walletMethods();
    expect(methods.lastIndexOf('wallet_switchEthereumChain')).toBeLessThan(methods.indexOf('eth_sendTransaction'));
    expect(chain.walletChainId).toBe(31337);
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
  });

  it('the blockchain node unreachable is told as a network problem, not a refusal; Try again recovers', async () => {
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    chain.rpcDown = true;
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(
      await within(dialog()).findByText(
        'The blockchain network could not be reached. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByText(/declined|refused/)).not.toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');

    chain.rpcDown = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await within(dialog()).findByText(/Purchase complete/);
  });

  it('cannot be closed while a transaction is pending on chain; closes once it is confirmed', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    chain.holdBlocks = true;
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText('Pending on chain');
    expect(within(dialog()).getByText('Waiting for Transaction...')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Mint' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();

    chain.mine();
    await within(dialog()).findByText(/Purchase complete/);
    await user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  });
});

describe('checkout: buy', () => {
  it('approves USDT to the marketplace, buys with the listing item id, records a Buy from the seller', async () => {
    const itemId = listedNft();
    const { user } = await openCheckout('/ItemDetail/10', 'Buy Now');
    expect(within(dialog()).getByText('5% Sale fee is included in this price.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
    await within(dialog()).findByText(/Purchase complete/);
    expect(within(dialog()).getByText('2 of 2 — buy')).toBeInTheDocument();
    expect(itemId).toBe(1n);
    expect(chain.ownerOf(GENESIS, 7)).toBe(USER);
    expect(chain.usdtOf(SELLER)).toBe(BUY_PRICE - BUY_PRICE / 20n);
    expect(chain.allowances.get(`${USER}:${MARKETPLACE}`.toLowerCase())).toBe(0n);
    expect(transactionsOf(10)).toEqual([
      expect.objectContaining({ from_address: SELLER, to_address: USER, desc: 'Buy', price: '50' }),
    ]);
    expect(cmsDb.find('nfts', 10)).toMatchObject({ owner: USER, nft_status: NFT_STATUS.owned });
  });

  it('does nothing when the user already owns the NFT (deployed-system.md §P4.3 step 6)', async () => {
    cmsDb.insert(
      'nfts',
      buildNft({ id: 11, token_id: 8, token_name: 'Genesis #8', collection: 1, nft_status: 2, price: 50, owner: USER }),
    );
    chain.list(GENESIS, 8, SELLER, BUY_PRICE);
    const writes = recordCms();
    const { user } = await openCheckout('/ItemDetail/11', 'Buy Now');
    await user.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
    expect(
      await within(dialog()).findByText('You already own this NFT, so there is nothing to buy.'),
    ).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m.startsWith('eth_send') || m === 'eth_estimateGas')).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('says so when the NFT was sold since the page loaded', async () => {
    listedNft();
    const { user } = await openCheckout('/ItemDetail/10', 'Buy Now');
    chain.items[0]!.sold = true;
    await user.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
    expect(await within(dialog()).findByText('This NFT is no longer for sale.')).toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
  });
});

describe('checkout: the bookkeeping outbox', () => {
  it('keeps the record when the CMS answers 500 after the chain confirmed, and writes it once on retry', async () => {
    let failures = 1;
    server.use(
      http.post('http://cms.test/api/transactions', () => {
        if (failures-- > 0) return HttpResponse.json({ error: { message: 'boom' } }, { status: 500 });
        return undefined;
      }),
    );
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(await within(dialog()).findByText(/The record could not be saved yet/)).toBeInTheDocument();
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
    expect(outboxStore.read()).toHaveLength(1);
    // The buyer may leave the dialog: the header says something waits, and what it is for.
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: /Transactions in progress: 1/ }));
    const panel = await screen.findByRole('region', { name: 'Transactions' });
    expect(within(panel).getByText('Mint Genesis #1')).toBeInTheDocument();
    expect(within(panel).getByText(/The record could not be saved yet/)).toBeInTheDocument();

    // The automatic retry (2 s backoff) writes it, once.
    await waitFor(() => expect(outboxStore.read()).toEqual([]), { timeout: 10000 });
    expect(transactionsOf(1)).toHaveLength(1);
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: USER, nft_status: NFT_STATUS.owned });
    expect(outboxStore.read()).toEqual([]);
  });

  it('after a partial success (row written, hand-over failed) a retry does not write a second row', async () => {
    failNftUpdates(1, 503);
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText(/The record could not be saved yet/);
    expect(transactionsOf(1)).toHaveLength(1);
    await within(dialog()).findByText(/Purchase complete/, {}, { timeout: 10000 });
    expect(transactionsOf(1)).toHaveLength(1);
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: USER, nft_status: NFT_STATUS.owned });
  });

  it('a POST whose answer was lost is found on retry and not written twice', async () => {
    let lost = 1;
    server.use(
      http.post('http://cms.test/api/transactions', async ({ request }) => {
        if (lost-- <= 0) return undefined;
        // The CMS writes the row, then the connection drops before the answer arrives.
        const body = (await request.clone().json()) as { data: Record<string, unknown> };
        cmsDb.insert('transactions', {
          ...cmsDb.tables.transactions[0]!,
          ...body.data,
          id: cmsDb.nextId('transactions'),
        });
        return HttpResponse.error();
      }),
    );
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText(/Purchase complete/, {}, { timeout: 10000 });
    expect(transactionsOf(1)).toHaveLength(1);
  });

  it('a 401 keeps the record until the user signs in again', async () => {
    server.use(
      http.post('http://cms.test/api/transactions', () =>
        HttpResponse.json({ error: { status: 401, name: 'UnauthorizedError', message: 'expired' } }, { status: 401 }),
      ),
    );
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(await within(dialog()).findByText(/Sign in again to save the record/)).toBeInTheDocument();
    expect(outboxStore.read()[0]).toMatchObject({ state: 'needs-sign-in' });
    expect(transactionsOf(1)).toEqual([]);

    // A new session (the CMS accepts it again) writes the kept record.
    server.resetHandlers();
    chain.serveRpc();
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
    window.dispatchEvent(new Event('terra-mater:session'));
    await waitFor(() => expect(transactionsOf(1)).toHaveLength(1));
    expect(outboxStore.read()).toEqual([]);
  });

  it('a 4xx that will never succeed is shown and kept, with Retry and Dismiss', async () => {
    server.use(
      http.post('http://cms.test/api/transactions', () =>
        HttpResponse.json({ error: { status: 400, message: 'price must be a number' } }, { status: 400 }),
      ),
    );
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(await within(dialog()).findByText(/the record was refused: price must be a number/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: /Transactions in progress: 1/ }));
    const panel = await screen.findByRole('region', { name: 'Transactions' });
    expect(within(panel).getByText('The record was refused: price must be a number')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(outboxStore.read()).toEqual([]));
    expect(screen.queryByRole('button', { name: /Transactions in progress/ })).not.toBeInTheDocument();
  });
});

describe('pending transactions survive a reload', () => {
  it('a purchase still pending when the page unloads is completed and recorded once after the reload', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    chain.holdBlocks = true;
    const first = await openCheckout('/ItemDetail/1', 'Mint');
    await first.user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText('Pending on chain');
    expect(pendingStore.read()).toEqual([
      expect.objectContaining({
        action: expect.objectContaining({
          kind: 'purchase',
          payload: expect.objectContaining({ kind: 'Mint', name: 'Genesis #1' }),
        }),
        status: 'pending',
      }),
    ]);
    first.unmount(); // the tab is reloaded while the transaction is pending

    chain.mine();
    const second = renderApp('/ItemDetail/1', { walletConnector: chain.connector().load });
    await waitFor(() => expect(transactionsOf(1)).toHaveLength(1), { timeout: 10000 });
    expect(cmsDb.find('nfts', 1)).toMatchObject({ owner: USER, nft_status: NFT_STATUS.owned });
    await waitFor(() => expect(pendingStore.read()).toEqual([]));
    expect(outboxStore.read()).toEqual([]);
    await waitFor(() => expect(screen.getByText('Owner:').parentElement).toHaveTextContent('0x709....c79C8'));
    second.unmount();
  });

  it('a remembered transaction that reverted is shown for the user to dismiss, with no bookkeeping', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    chain.holdBlocks = true;
    const first = await openCheckout('/ItemDetail/1', 'Mint');
    await first.user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText('Pending on chain');
    first.unmount();
    // Mined as a revert (someone else minted it first).
    chain.held[0]!.status = 0;
    chain.mine();
    const second = renderApp('/ItemDetail/1', { walletConnector: chain.connector().load });
    await second.user.click(await screen.findByRole('button', { name: /Transactions in progress: 1/ }));
    const panel = await screen.findByRole('region', { name: 'Transactions' });
    expect(await within(panel).findByText('Reverted on chain')).toBeInTheDocument();
    expect(transactionsOf(1)).toEqual([]);
    await second.user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(pendingStore.read()).toEqual([]));
  });
});

describe('checkout: network fee', () => {
  /** Keeps the wallet's prompt open until `confirm()` is called. */
  function promptOpen() {
    let confirm!: () => void;
    chain.walletPrompt = new Promise<void>((resolve) => (confirm = resolve));
    return () => {
      chain.walletPrompt = null;
      confirm();
    };
  }

  it('shows the estimated network fee in POL while the wallet prompt is open: gas limit × gas price', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    chain.gasPrice = 30_000_000_000n; // 30 gwei
    const confirm = promptOpen();
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    await within(dialog()).findByText('Confirm in your wallet');
    const note = await within(dialog()).findByTestId('network-fee');
    confirm();
    await within(dialog()).findByText(/Purchase complete/);
    const sent = chain.walletCalls.find((call) => call.method === 'eth_sendTransaction')!.params![0] as { gas: string };
    const fee = BigInt(sent.gas) * 30_000_000_000n;
    expect(note).toHaveTextContent(`Estimated network fee: ≈ ${formatAmount(fee, 18, { places: 6 })} POL`);
    expect(fee).toBeGreaterThan(0n);
  });

  it('says when the fee cannot be estimated and still asks the wallet', async () => {
    chain.approveUsdt(USER, GENESIS, MINT_PRICE);
    const confirm = promptOpen();
    const { user } = await openCheckout('/ItemDetail/1', 'Mint');
    await user.click(within(dialog()).getByRole('button', { name: 'Mint' }));
    expect(await within(dialog()).findByTestId('network-fee')).toHaveTextContent(
      'The network fee could not be estimated; your wallet shows it before you confirm.',
    );
    confirm();
    await within(dialog()).findByText(/Purchase complete/);
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
  });
});

describe('checkout: dollar value', () => {
  it('shows the chain price with its ≈ $ value on the page and in the dialog, in the language', async () => {
    await openCheckout('/ItemDetail/1', 'Mint');
    expect(within(dialog()).getByText('≈ $25.50')).toBeInTheDocument();
  });
});
