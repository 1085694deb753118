import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBumpViewsOnce } from '@/features/nfts/hooks/use-bump-views-once';
import { WalletProvider } from '@/features/wallet/hooks/wallet-context';
import type { Nft } from '@/lib/cms/types';
import { shortAddress } from '@/lib/format/address';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft, buildTransaction, type NftRow } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { tokenStory } from './history-node';
import { COLLECTION_1, MARKETPLACE, chainNode, ownerKey } from './nft-chain-node';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

/** Every PUT to the CMS with its JSON body. */
function recordPuts() {
  const puts: { path: string; body: { data: Record<string, unknown> } }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'PUT') return;
    const path = new URL(request.url).pathname;
    void request
      .clone()
      .json()
      .then((body) => puts.push({ path, body: body as { data: Record<string, unknown> } }));
  });
  return puts;
}

/** The Authorization header of every PUT to the CMS, in order (null: none). */
function recordPutBearers() {
  const bearers: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT') bearers.push(request.headers.get('Authorization'));
  });
  return bearers;
}
afterEach(() => server.events.removeAllListeners());

const SELLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BUYER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
/** Genesis #2 on chain, as the default CMS rows record it: minted by the seller at 100, sold to the buyer at 120.25. */
const genesis2 = () =>
  tokenStory(COLLECTION_1, 2n)
    .mint(SELLER, 100_000_000n)
    .list(SELLER, 1n, 120_250_000n)
    .sell(SELLER, BUYER, 120_250_000n);

describe('NFT detail', () => {
  it('shows the item, owner from the chain, panels, price history checked on chain and the activity', async () => {
    const buyer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    const story = genesis2();
    chainNode({ owners: { [ownerKey(COLLECTION_1, 2)]: buyer }, logs: story.logs });
    renderApp('/ItemDetail/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #2' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Genesis #2 · Terra Mater'));
    expect(screen.getByRole('img', { name: 'Genesis #2' })).toHaveAttribute('src', 'https://ipfs.test/ipfs/nft-2.png');
    expect(screen.getByText('Art')).toBeInTheDocument();
    expect(screen.getByText('Description of NFT 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terra Genesis' })).toHaveAttribute('href', '/colection/1');
    // The chain owner wins over the CMS owner.
    await waitFor(() => expect(screen.getByText('Owner:').parentElement).toHaveTextContent('Owner: 0x90F....3b906'));

    // The panels render just after the image and the summary.
    expect((await screen.findByText('Background')).nextSibling).toHaveTextContent('Green');
    expect(screen.getByText('Eyes').nextSibling).toHaveTextContent('Blue');
    const details = screen.getByText('Contract Address').closest('dl')!;
    expect(within(details).getByRole('link', { name: '0x300....00001' })).toHaveAttribute(
      'href',
      `https://explorer.test/address/${COLLECTION_1}`,
    );
    expect(within(details).getByText('Token ID').nextSibling).toHaveTextContent('2');
    expect(within(details).getByText('Token Standard').nextSibling).toHaveTextContent('ERC721');
    expect(within(details).getByText('Chain').nextSibling).toHaveTextContent('Anvil Local'); // the app's chain, not the CMS's chain_name

    const history = screen.getByRole('region', { name: 'Price History' });
    const rows = await within(history).findAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      ['0x709....c79C8', '0x3C4....293BC', '120.250', 'Buy checking…'],
      ['0x000....00000', '0x709....c79C8', '100.000', 'Mint checking…'],
    ]);
    // Each CMS row is confirmed by the chain's sale and mint of this token (same from, to and price).
    await waitFor(() => expect(within(history).getAllByText('on chain')).toHaveLength(2));

    // The Activity: newest first, with prices, block times and explorer links.
    const activity = screen.getByRole('region', { name: 'Activity' });
    const entries = await within(activity).findAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('strong')?.textContent)).toEqual(['Sale', 'Listed', 'Mint']);
    expect(entries[0]).toHaveTextContent('120.250 USDT');
    expect(entries[2]).toHaveTextContent('100.000 USDT');
    for (const entry of entries) expect(entry.querySelector('time')).not.toBeNull();
    const saleTx = story.logs.at(-1)!.transactionHash;
    expect(within(entries[0]!).getByRole('link', { name: 'View transaction' })).toHaveAttribute(
      'href',
      `https://explorer.test/tx/${saleTx}`,
    );
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mint' })).not.toBeInTheDocument();
  });

  it('a sold item shows its last sale price from the chain, never a forged CMS row, and not a current price', async () => {
    const buyer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    chainNode({ owners: { [ownerKey(COLLECTION_1, 2)]: buyer }, logs: genesis2().logs });
    cmsDb.update('nfts', 2, { price: '999' });
    // Anyone signed in may write this row (deployed-system.md §B1): the newest, at 987,654 USDT.
    cmsDb.insert(
      'transactions',
      buildTransaction({
        id: 3,
        collection: 1,
        nft_v_1: 2,
        price: 987654,
        desc: 'Buy',
        from_address: BUYER,
        to_address: SELLER,
        publishedAt: '2024-05-01T10:00:00.000Z',
      }),
    );
    renderApp('/ItemDetail/2');
    const panel = (await screen.findByText('Last sale price')).parentElement!;
    await waitFor(() => expect(panel).toHaveTextContent('Last sale price120.250 USDT≈ $120.25from the blockchain'));
    expect(screen.queryByText('Current price')).not.toBeInTheDocument();
    expect(screen.queryByText(/999/)).not.toBeInTheDocument();
    const forged = within(screen.getByRole('region', { name: 'Price History' }))
      .getByText('987654.000')
      .closest('tr')!;
    await waitFor(() => expect(forged).toHaveTextContent('not found on chain'));
    expect(forged).toHaveClass('price-history-unconfirmed');
  });

  it('a sold item with no sale on chain shows no last sale price, whatever the CMS rows say', async () => {
    chainNode({ owners: { [ownerKey(COLLECTION_1, 2)]: BUYER } });
    renderApp('/ItemDetail/2');
    const panel = (await screen.findByText('Last sale price')).parentElement!;
    await waitFor(() => expect(panel).toHaveTextContent('No sale recorded yet'));
    const history = await screen.findByRole('region', { name: 'Price History' });
    await waitFor(() => expect(within(history).getAllByText('not found on chain')).toHaveLength(2));
    expect(
      await within(screen.getByRole('region', { name: 'Activity' })).findByText('No Items to display'),
    ).toBeInTheDocument();
  });

  it("a listed NFT's owner is its seller from the market item, listed on the marketplace", async () => {
    chainNode({
      owners: { [ownerKey(COLLECTION_1, 2)]: MARKETPLACE },
      listings: [{ nftContract: COLLECTION_1, tokenId: 2n }],
    });
    renderApp('/ItemDetail/2');
    const ownerLine = () => screen.getByText('Owner:').parentElement;
    await waitFor(() => expect(ownerLine()).toHaveTextContent('Owner: 0x709....c79C8 · listed on the marketplace'));
    expect(screen.getByText('Current price')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
  });

  it('falls back to the CMS owner when the token has no chain owner, and shows the empty price history', async () => {
    chainNode();
    renderApp('/ItemDetail/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #3' })).toBeInTheDocument();
    expect(screen.getByText('Owner:').parentElement).toHaveTextContent('Owner: 0x709....c79C8');
    // The price history renders just after the image and the summary.
    expect(
      await within(await screen.findByRole('region', { name: 'Price History' })).findByText('No Items to display'),
    ).toBeInTheDocument();
  });

  it('a signed-in visit bumps the views exactly once, with the bearer', async () => {
    storeSession();
    chainNode();
    const puts = recordPuts();
    const bearers = recordPutBearers();
    renderApp('/ItemDetail/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #2' })).toBeInTheDocument();
    // After the PUT the item is refetched with 11 views; that must not count again.
    expect(await screen.findByText('11 views')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(puts).toEqual([{ path: '/api/nft-v1s/2', body: { data: { views: 11 } } }]);
    expect(bearers).toEqual(['Bearer test-jwt']);
    expect(cmsDb.find('nfts', 2)?.views).toBe(11);
  });

  it('a visit without a session sends no view bump and logs nothing', async () => {
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    chainNode();
    const bearers = recordPutBearers();
    renderApp('/ItemDetail/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #2' })).toBeInTheDocument();
    expect(screen.getByText('10 views')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bearers).toEqual([]);
    expect(cmsDb.find('nfts', 2)?.views).toBe(10);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    logged.forEach((spy) => spy.mockRestore());
  });

  it('bumps once under StrictMode double effects and re-renders with new data', async () => {
    storeSession();
    const puts = recordPuts();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Probe({ nft }: { nft: Nft }) {
      useBumpViewsOnce(nft);
      return <p>{nft.views}</p>;
    }
    const base = { id: 2, views: 10 } as Nft;
    const view = (nft: Nft) => (
      <StrictMode>
        <QueryClientProvider client={client}>
          <WalletProvider>
            <Probe nft={nft} />
          </WalletProvider>
        </QueryClientProvider>
      </StrictMode>
    );
    const { rerender } = render(view(base));
    rerender(view({ ...base, views: 11 }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(puts).toEqual([{ path: '/api/nft-v1s/2', body: { data: { views: 11 } } }]);
    // Another NFT on the same page instance is a new visit.
    rerender(view({ ...base, id: 3, views: 0 }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ path: '/api/nft-v1s/3', body: { data: { views: 1 } } });
  });

  it('toggles the like +1 / −1 and remembers it in this browser', async () => {
    storeSession();
    chainNode();
    const puts = recordPuts();
    const { user, unmount } = renderApp('/ItemDetail/2');
    await screen.findByRole('heading', { level: 1, name: 'Genesis #2' });
    const heart = await screen.findByRole('button', { name: /^Like,\s?3 likes$/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Like,\s?4 likes$/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(cmsDb.find('nfts', 2)?.likes).toBe(4);
    expect(localStorage.getItem('terra-mater:nft-liked:2')).toBe('1');
    unmount();

    const again = renderApp('/ItemDetail/2');
    const remembered = await screen.findByRole('button', { name: /^Like,\s?4 likes$/ });
    expect(remembered).toHaveAttribute('aria-pressed', 'true');
    await again.user.click(remembered);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Like,\s?3 likes$/ })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(cmsDb.find('nfts', 2)?.likes).toBe(3);
    expect(localStorage.getItem('terra-mater:nft-liked:2')).toBeNull();
    expect(puts.filter((put) => 'likes' in put.body.data).map((put) => put.body.data.likes)).toEqual([4, 3]);
  });

  it('offers Buy Now when the marketplace holds the token, with the sale-fee checkout at the chain price', async () => {
    chainNode({
      owners: { [ownerKey(COLLECTION_1, 2)]: MARKETPLACE },
      listings: [{ nftContract: COLLECTION_1, tokenId: 2n }],
    });
    const { user } = renderApp('/ItemDetail/2');
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('You are about to purchase a Genesis #2')).toBeInTheDocument();
    // The listing asks 1 USDT on chain; the CMS row's 120.25 is named as out of date, not used.
    expect(await within(dialog).findByText('1.000 USDT')).toBeInTheDocument();
    expect(
      within(dialog).getByText("The price on record (120.250 USDT) is out of date: the blockchain's price applies."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('5% Sale fee is included in this price.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(within(dialog).getByText('Note: Kindly approve before minting / buying.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the owner cannot be read from the chain, shows the recorded owner, and offers Buy Now once it can', async () => {
    const chain = chainNode({
      owners: { [ownerKey(COLLECTION_1, 2)]: MARKETPLACE },
      listings: [{ nftContract: COLLECTION_1, tokenId: 2n }],
      down: true,
    });
    const { user } = renderApp('/ItemDetail/2');
    const notice = await screen.findByText(/owner could not be read from the blockchain/);
    const ownerLine = () => screen.getByText('Owner:').parentElement;
    expect(ownerLine()).toHaveTextContent(`Owner: ${shortAddress(cmsDb.find('nfts', 2)!.owner)}`);
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();

    chain.down = false;
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    // The marketplace holds it; the owner shown is the seller of the market item.
    await waitFor(() => expect(ownerLine()).toHaveTextContent('Owner: 0x709....c79C8 · listed on the marketplace'));
    expect(screen.queryByText(/owner could not be read/)).not.toBeInTheDocument();
  });

  it('offers Mint for a Mint item, without the sale fee', async () => {
    chainNode();
    const { user } = renderApp('/ItemDetail/1');
    await user.click(await screen.findByRole('button', { name: 'Mint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('You are about to purchase a Genesis #1')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeInTheDocument();
    expect(within(dialog).queryByText('5% Sale fee is included in this price.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
  });

  it('keeps the token name as the heading and shows a differing CMS title beneath it', async () => {
    cmsDb.insert('nfts', {
      ...buildNft({ id: 21, token_id: 21, token_name: 'Token #21', collection: 1 }),
      title: 'Sunrise over the canopy',
    } as NftRow);
    chainNode();
    renderApp('/ItemDetail/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Token #21' })).toBeInTheDocument();
    expect(screen.getByText('Sunrise over the canopy')).toBeInTheDocument();
  });

  it('counts down an auction', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    cmsDb.insert('nfts', {
      ...buildNft({ id: 20, token_id: 20, token_name: 'Auction #20', collection: 1 }),
      item_type: 'on_auction',
      deadline: '2025-01-01T01:00:00Z',
    } as NftRow);
    chainNode();
    renderApp('/ItemDetail/20');
    expect(await screen.findByText('Auction ends in')).toBeInTheDocument();
    expect(screen.getByText(/^0d 0h (59m \d+s|60m 0s)$/)).toBeInTheDocument();
  });

  it('shows Not found for an id the CMS does not have (200 { props: [] }), and counts no view', async () => {
    storeSession();
    chainNode();
    const bearers = recordPutBearers();
    renderApp('/ItemDetail/999');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load this data')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bearers).toEqual([]);
  });

  it('shows an error with a retry when the CMS fails, and not-found for an unknown id', async () => {
    chainNode();
    let fail = true;
    server.use(
      http.get('http://cms.test/api/nft-v1s/:id', () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
    );
    const { user, unmount } = renderApp('/ItemDetail/2');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #2' })).toBeInTheDocument();
    unmount();
    renderApp('/ItemDetail/999');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
