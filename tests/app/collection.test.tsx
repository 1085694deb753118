import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { leadImagePending } from '@/components/app-image';
import { collectionNftsQueryOptions } from '@/features/nfts/api/get-collection-nfts';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp } from '../render';
import { COLLECTION_1, COLLECTION_2, chainNode } from './nft-chain-node';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

/** Adds NFTs with ids and token ids from..to (inclusive) to collection 1. */
function addNfts(
  from: number,
  to: number,
  overrides: Parameters<typeof buildNft>[0] extends infer T ? Partial<T> : never = {},
) {
  for (let id = from; id <= to; id += 1) {
    cmsDb.insert(
      'nfts',
      buildNft({ id, token_id: id, token_name: `Leaf #${id}`, collection: 1, nft_status: 3, ...overrides }),
    );
  }
}

/** Every CMS request the page makes, as "path?query". */
function recordCmsRequests() {
  const requests: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.host === 'cms.test') requests.push(url);
  };
  server.events.on('request:start', listener);
  return requests;
}
afterEach(() => server.events.removeAllListeners());

const card = (name: string) => screen.getByRole('link', { name: `Open ${name}` }).closest('article')!;
const cardNames = () => screen.queryAllByRole('link', { name: /^Open / }).map((link) => link.textContent);

/** jsdom has no layout: capture the sentinel's observer so a test can scroll it into view. */
function controllableIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = class {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  return {
    scrollToEnd: () =>
      callbacks.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    restore: () => {
      globalThis.IntersectionObserver = original;
    },
  };
}

describe('collection page', () => {
  it('shows the header: banner, logo, verified name, set socials only, share links, stats, description', async () => {
    chainNode();
    const { user } = renderApp('/colection/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terra Genesis' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Terra Genesis · Terra Mater'));
    expect(screen.getByRole('img', { name: 'Verified collection' })).toHaveTextContent('✔');
    expect(screen.getByRole('img', { name: 'Terra Genesis banner' })).toHaveAttribute(
      'src',
      expect.stringContaining('image-1.png'),
    );
    expect(screen.getByRole('img', { name: 'Terra Genesis logo' })).toBeInTheDocument();
    const socials = screen.getByRole('list', { name: 'Collection links' });
    expect(within(socials).getAllByRole('link')).toEqual([
      within(socials).getByRole('link', { name: /^Website:\s?terramaternfts\.com$/ }),
      within(socials).getByRole('link', { name: /^Twitter:\s?twitter\.com$/ }),
    ]);
    expect(within(socials).getByRole('link', { name: /^Website:\s?terramaternfts\.com$/ })).toHaveAttribute(
      'href',
      'https://terramaternfts.com/',
    );

    const stats = screen.getByText('Items').closest('dl')!;
    await waitFor(() => expect(within(stats).getByText('Items').nextSibling).toHaveTextContent('3'));
    expect(within(stats).getByText('Created').nextSibling).toHaveTextContent('Jan 2024');
    expect(within(stats).getByText('Creator Fee').nextSibling).toHaveTextContent('7%');
    expect(within(stats).getByText('Chain').nextSibling).toHaveTextContent('Polygon Mainnet');
    expect(screen.getByText('About collection 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find out more (terramaternfts.com)' })).toHaveAttribute(
      'href',
      'https://terramaternfts.com/genesis',
    );

    // The share menu's code arrives once the banner is shown; until then the button is there, disabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const here = encodeURIComponent(`${window.location.origin}/colection/1`);
    expect(here).toBe('http%3A%2F%2Flocalhost%3A3000%2Fcolection%2F1');
    expect(screen.getByText('Share on facebook').closest('a')).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${here}`,
    );
    expect(screen.getByText('Share on Twitter').closest('a')).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?url=${here}`,
    );
  });

  it('abbreviates an item count above 999', async () => {
    chainNode();
    server.use(
      http.get('http://cms.test/api/nft', () =>
        HttpResponse.json({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 1234 } } }),
      ),
    );
    renderApp('/colection/1');
    await screen.findByRole('heading', { level: 1, name: /Terra Genesis/ });
    await waitFor(() => expect(screen.getByText('Items').nextSibling).toHaveTextContent('1.23k'));
  });

  it('loads 24 NFTs with at most 4 CMS requests and one marketplace read', async () => {
    addNfts(100, 120); // 3 published + 1 draft of the seed + 21 = 25 in the custom list (drafts included)
    cmsDb.remove('nfts', 100);
    const chain = chainNode();
    const requests = recordCmsRequests();
    renderApp('/colection/1');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    // Let any straggling request start before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests.map((url) => url.pathname).sort()).toEqual(
      ['/api/collections/get_collection', '/api/nft', '/api/nft-statuses', '/api/nft-v1s'].sort(),
    );
    expect(requests.length).toBeLessThanOrEqual(4);
    expect(chain.marketItems).toBe(1);
    // Only the rows the CMS calls Mint are asked about (is each still unminted, so its card shows the cost?).
    expect(chain.ownerOf).toBe(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('does not ask for the grid of a page left before its grid showed', async () => {
    chainNode();
    const requests = recordCmsRequests();
    const { unmount, queryClient } = renderApp('/colection/1');
    // The route has started its reads (the grid's waits for the banner); the user leaves before the collection answers.
    await waitFor(() => expect(requests.map((url) => url.pathname)).toContain('/api/collections/get_collection'));
    unmount();
    await waitFor(() => expect(leadImagePending()).toBe(false));
    // Let a read released by the banner start before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests.map((url) => url.pathname)).not.toContain('/api/nft-v1s');
    // Never fetched, not failed: a later visit asks for it.
    const grid = collectionNftsQueryOptions({ collectionId: 1, statuses: [] });
    expect(queryClient.getQueryState(grid.queryKey)).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
  });

  it('labels Buy only for the listed token of this collection, not the same token id elsewhere', async () => {
    // Collection 2's token 1 and collection 1's token 2 are listed; collection 1's token 1 is not.
    chainNode({
      listings: [
        { nftContract: COLLECTION_2, tokenId: 1n },
        { nftContract: COLLECTION_1, tokenId: 2n, price: 45_000_000n },
      ],
    });
    // Collection 2 is music (audio cards have no Buy/View label): make it art for this check.
    cmsDb.update('collections', 2, { category: 1 });
    const first = renderApp('/colection/1');
    await screen.findByRole('link', { name: 'Open Genesis #1' });
    await waitFor(() => expect(within(card('Genesis #2')).getByText('Buy')).toBeInTheDocument());
    expect(within(card('Genesis #1')).getByText('View')).toBeInTheDocument();
    expect(within(card('Genesis #1')).queryByText('Buy')).not.toBeInTheDocument();
    // Prices come from the chain only: the listing's, never the CMS row's 25.5 USDT for a token nobody sells.
    expect(card('Genesis #2')).toHaveTextContent('45.000 USDT');
    expect(card('Genesis #1')).not.toHaveTextContent('USDT');
    expect(screen.getByRole('link', { name: 'Open Genesis #2' })).toHaveAttribute('href', '/ItemDetail/2');
    first.unmount();

    renderApp('/colection/2');
    await screen.findByRole('link', { name: 'Open Wave #1' });
    await waitFor(() => expect(within(card('Wave #1')).getByText('Buy')).toBeInTheDocument());
  });

  it('says when the listings cannot be read from the chain, keeps the cards, and recovers on Try again', async () => {
    const chain = chainNode({ listings: [{ nftContract: COLLECTION_1, tokenId: 2n }], down: true });
    const { user } = renderApp('/colection/1');
    await waitFor(() => expect(cardNames()).toContain('Genesis #2'));
    // Found once the grid is in: the grid's own reader of the listings asks again as it mounts, and the notice
    // leaves during that retry and comes back with its failure.
    const notice = await screen.findByText(/marketplace listings could not be read from the blockchain/);
    expect(within(card('Genesis #2')).queryByText('Buy')).not.toBeInTheDocument();

    chain.down = false;
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() => expect(within(card('Genesis #2')).getByText('Buy')).toBeInTheDocument());
    expect(screen.queryByText(/marketplace listings could not be read/)).not.toBeInTheDocument();
  });

  it('searches only when Enter is pressed, shows no-hit and returns to the list on an empty search', async () => {
    chainNode();
    const requests = recordCmsRequests();
    const { user } = renderApp('/colection/1');
    await screen.findByRole('link', { name: 'Open Genesis #3' });
    const box = screen.getByPlaceholderText('Search');
    await user.type(box, 'genesis #2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests.filter((url) => url.pathname.endsWith('/fwfilters'))).toHaveLength(0);
    expect(cardNames()).toHaveLength(4);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Genesis #2']));
    const searches = requests.filter((url) => url.pathname.endsWith('/fwfilters'));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.searchParams.get('searchtxt')).toBe('genesis #2');
    expect(searches[0]!.searchParams.get('collectionId')).toBe('1');

    await user.clear(box);
    await user.type(box, 'nothing like this{Enter}');
    expect(await screen.findByText('No item to display')).toBeInTheDocument();

    await user.clear(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
  });

  it('loads the next page when the end of the grid scrolls into view, and with the Load more button', async () => {
    addNfts(100, 159); // 64 in the list: pages of 24, 24, 16
    chainNode();
    const observer = controllableIntersectionObserver();
    try {
      const { user } = renderApp('/colection/1');
      await waitFor(() => expect(cardNames()).toHaveLength(24));
      observer.scrollToEnd();
      await waitFor(() => expect(cardNames()).toHaveLength(48));
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(cardNames()).toHaveLength(64));
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    } finally {
      observer.restore();
    }
  });

  it('filters by status and starts again from page 1', async () => {
    addNfts(100, 139);
    cmsDb.update('nfts', 130, { nft_status: 2 });
    chainNode();
    const requests = recordCmsRequests();
    const { user } = renderApp('/colection/1');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(44));

    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['Mint', 'Buy Now', 'Sold']);
    await user.click(within(filter).getByRole('checkbox', { name: 'Buy Now' }));
    await waitFor(() => expect(cardNames()).toEqual(['Genesis #2', 'Leaf #130']));
    const last = requests.filter((url) => url.pathname === '/api/nft-v1s').at(-1)!;
    expect(last.searchParams.get('page')).toBe('1');
    expect(JSON.parse(last.searchParams.get('statuses')!)).toEqual(['2']);

    await user.click(within(filter).getByRole('checkbox', { name: 'Buy Now' }));
    await waitFor(() => expect(cardNames()).toHaveLength(24));
  });

  it('sorts by the chain price and recently listed, Buy now only keeps the listed, and the URL keeps the choice', async () => {
    addNfts(100, 103);
    // Item ids follow the order here: #101 is listed first, #103 last.
    chainNode({
      listings: [
        { nftContract: COLLECTION_1, tokenId: 101n, price: 9_000_000n },
        { nftContract: COLLECTION_1, tokenId: 2n, price: 3_000_000n },
        { nftContract: COLLECTION_1, tokenId: 103n, price: 5_000_000n },
        { nftContract: COLLECTION_2, tokenId: 100n, price: 1_000_000n },
      ],
    });
    const { user, router } = renderApp('/colection/1?sort=price-asc&buy=1');
    await waitFor(() => expect(cardNames()).toEqual(['Genesis #2', 'Leaf #103', 'Leaf #101']));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('price-asc');
    expect(screen.getByRole('switch', { name: 'Buy now only' })).toBeChecked();

    await user.selectOptions(sort, 'Price: high to low');
    await waitFor(() => expect(cardNames()).toEqual(['Leaf #101', 'Leaf #103', 'Genesis #2']));
    expect(router.state.location.search).toBe('?sort=price-desc&buy=1');

    await user.selectOptions(sort, 'Recently listed');
    await waitFor(() => expect(cardNames()).toEqual(['Leaf #103', 'Genesis #2', 'Leaf #101']));

    // Every item again, the listed first (newest listing first), then the rest in token order.
    await user.click(screen.getByRole('switch', { name: 'Buy now only' }));
    await waitFor(() =>
      expect(cardNames().slice(0, 4)).toEqual(['Leaf #103', 'Genesis #2', 'Leaf #101', 'Genesis #1']),
    );
    expect(router.state.location.search).toBe('?sort=recent');
  });

  it('applies the status ticks to search results and keeps search and ticks in the URL', async () => {
    chainNode();
    const { user, router } = renderApp('/colection/1?q=genesis');
    await waitFor(() => expect(cardNames()).toEqual(['Genesis #1', 'Genesis #2', 'Genesis #3', 'Genesis #4 (draft)']));
    expect(screen.getByPlaceholderText('Search')).toHaveValue('genesis');
    const filter = await screen.findByRole('group', { name: 'Status' });
    await user.click(within(filter).getByRole('checkbox', { name: 'Buy Now' }));
    await waitFor(() => expect(cardNames()).toEqual(['Genesis #2']));
    expect(router.state.location.search).toBe('?q=genesis&status=2');
  });

  it('opens a malformed link on the default grid', async () => {
    chainNode();
    renderApp('/colection/1?sort=cheapest&status=1,x&buy=yes&q=');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('token');
    expect(screen.getByRole('switch', { name: 'Buy now only' })).not.toBeChecked();
  });

  it('says "No item to display" for a collection without NFTs', async () => {
    chainNode();
    for (const id of [1, 2, 3, 4]) cmsDb.remove('nfts', id);
    renderApp('/colection/1');
    expect(await screen.findByText('No item to display')).toBeInTheDocument();
  });

  it('shows an error with a retry when the CMS fails, and a not-found state for an unknown id', async () => {
    chainNode();
    let fail = true;
    server.use(
      http.get('http://cms.test/api/collections/get_collection', () =>
        fail ? new HttpResponse(null, { status: 500 }) : undefined,
      ),
    );
    const { user, unmount } = renderApp('/colection/1');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Terra Genesis/ })).toBeInTheDocument();
    unmount();

    renderApp('/colection/99');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('shows an error in the grid when the NFT list fails', async () => {
    chainNode();
    server.use(http.get('http://cms.test/api/nft-v1s', () => new HttpResponse(null, { status: 500 })));
    renderApp('/colection/1');
    await screen.findByRole('heading', { level: 1, name: /Terra Genesis/ });
    // The grid renders just after the header.
    const grid = await screen.findByRole('region', { name: 'Items in this collection' });
    expect(await within(grid).findByRole('alert')).toHaveTextContent('We could not load this data');
  });
});
