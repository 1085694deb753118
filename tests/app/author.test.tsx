import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { COLLECTION_1, chainNode } from './nft-chain-node';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const names = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('link', { name: /^Open / })
    .map((link) => link.textContent);

describe('author profile', () => {
  it('shows the author and the On Sale, Created and Liked tabs', async () => {
    storeSession();
    cmsDb.insert(
      'nfts',
      buildNft({ id: 30, token_id: 30, token_name: 'Listed #30', collection: 1, nft_status: 2, likes: 5, author: 1 }),
      buildNft({ id: 31, token_id: 31, token_name: 'Loved #31', collection: 1, nft_status: 3, likes: 9, author: 1 }),
      buildNft({
        id: 32,
        token_id: 32,
        token_name: 'Other author #32',
        collection: 1,
        nft_status: 2,
        likes: 50,
        author: null,
      }),
    );
    // On the marketplace although the CMS status lags: still on sale.
    chainNode({ listings: [{ nftContract: COLLECTION_1, tokenId: 3n }] });
    const { user } = renderApp('/Author/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'gaia' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'gaia avatar' })).toBeInTheDocument();
    expect(screen.getByText('12 followers')).toBeInTheDocument();
    expect(screen.getByText('Wallet:').parentElement).toHaveTextContent('0x709....c79C8');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();

    // The author's NFTs are asked for once the author has loaded.
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['On Sale', 'Created', 'Liked']);
    const onSale = await screen.findByRole('tabpanel', { name: 'On Sale' });
    expect(await within(onSale).findByRole('link', { name: 'Open Listed #30' })).toBeInTheDocument();
    await within(onSale).findByRole('link', { name: 'Open Genesis #3' });
    expect([...names(onSale)].sort()).toEqual(['Genesis #3', 'Listed #30']);

    await user.click(screen.getByRole('tab', { name: 'Created' }));
    expect(names(screen.getByRole('tabpanel', { name: 'Created' }))).toEqual([
      'Wave #1',
      'Genesis #3',
      'Listed #30',
      'Loved #31',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Liked' }));
    const liked = screen.getByRole('tabpanel', { name: 'Liked' });
    expect(names(liked)).toEqual(['Loved #31', 'Listed #30']);
    expect(within(liked).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty text in a tab without NFTs', async () => {
    storeSession();
    chainNode();
    renderApp('/Author/1');
    const onSale = await screen.findByRole('tabpanel', { name: 'On Sale' });
    expect(await within(onSale).findByText('No items to display')).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown author', async () => {
    storeSession();
    chainNode();
    renderApp('/Author/404');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  describe('against a CMS without the author type (like the deployed one)', () => {
    /** Paths of every CMS request. */
    function recordPaths() {
      const paths: string[] = [];
      server.events.on('request:start', ({ request }) => {
        if (request.url.startsWith('http://cms.test/')) paths.push(new URL(request.url).pathname);
      });
      return paths;
    }
    afterEach(() => server.events.removeAllListeners());

    it('shows Not found and never asks for the author-filtered NFTs', async () => {
      cmsDb.withoutAuthorType();
      storeSession();
      chainNode();
      const paths = recordPaths();
      renderApp('/Author/1');
      expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(paths).toContain('/api/authors/1');
      expect(paths).not.toContain('/api/nft');
    });

    it('treats 400 "Invalid parameter author" on the NFT list as no NFTs, not an error', async () => {
      cmsDb.withoutAuthorType();
      // An author record from somewhere, while nft-v1 still has no author attribute.
      server.use(
        http.get('http://cms.test/api/authors/:id', () =>
          HttpResponse.json({ data: { id: 1, attributes: { username: 'gaia', followers: 0 } }, meta: {} }),
        ),
      );
      storeSession();
      chainNode();
      const paths = recordPaths();
      renderApp('/Author/1');
      expect(await screen.findByRole('heading', { level: 1, name: 'gaia' })).toBeInTheDocument();
      const onSale = await screen.findByRole('tabpanel', { name: 'On Sale' });
      expect(await within(onSale).findByText('No items to display')).toBeInTheDocument();
      expect(screen.queryByText('We could not load this data')).not.toBeInTheDocument();
      expect(paths).toContain('/api/nft');
    });
  });

  it('shows an error with a retry when the CMS fails', async () => {
    storeSession();
    chainNode();
    let fail = true;
    server.use(
      http.get('http://cms.test/api/authors/:id', () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
    );
    const { user } = renderApp('/Author/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this data');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'gaia' })).toBeInTheDocument();
  });
});
