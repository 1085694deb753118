/**
 * The profile's Collected tab with a Moralis key configured: the Moralis source answers (MSW,
 * shaped like Moralis v2: total null, cursor null on the last page), every page is reachable,
 * the hidden contract and imageless NFTs are not shown.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER } from '../msw/cms-db';
import { INDEXER_KEY, buildMoralisNft, createMoralisServer } from '../msw/moralis-handlers';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';

configure({ asyncUtilTimeout: 8000 });

const HIDDEN = '0x5d90317b33da4464de99a1757be47af40a1ff002';
const SAVANNA = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';

// Read once by getConfig(), before anything in this file asks for it.
vi.stubEnv('VITE_INDEXER_API_KEY', INDEXER_KEY);
vi.stubEnv('VITE_HIDDEN_NFT_ADDRESS', HIDDEN);

let moralis: ReturnType<typeof createMoralisServer>;

beforeEach(() => {
  moralis = createMoralisServer();
  server.use(...moralis.handlers);
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});

const cards = () => within(screen.getByRole('list', { name: 'Collected NFTs' })).getAllByRole('article');

describe('Collected with Moralis', () => {
  it('pages to the end (250 NFTs over three pages), hiding the hidden contract and imageless items', async () => {
    for (let id = 1; id <= 250; id += 1) moralis.add(buildMoralisNft(DEFAULT_USER.address, SAVANNA, id));
    // On the first page: one of the hidden contract, one without an image.
    moralis.nfts.splice(10, 0, buildMoralisNft(DEFAULT_USER.address, HIDDEN, 1));
    moralis.nfts.splice(20, 0, buildMoralisNft(DEFAULT_USER.address, SAVANNA, 999, { image: null }));
    const view = renderApp('/Profile');

    await waitFor(() => expect(cards()).toHaveLength(98));
    expect(moralis.requests[0]?.params.get('limit')).toBe('100');
    expect(screen.queryByText('Token #999')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(198));
    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(250));
    expect(within(cards()[249]!).getByRole('heading')).toHaveTextContent('Token #250');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(moralis.requests).toHaveLength(3);
    expect(moralis.requests.every((request) => request.apiKey === INDEXER_KEY)).toBe(true);
  });

  it('shows an error with Try again when Moralis is down', async () => {
    moralis.state.down = true;
    moralis.add(buildMoralisNft(DEFAULT_USER.address, SAVANNA, 1));
    const view = renderApp('/Profile');
    const alert = await screen.findByRole('alert');
    moralis.state.down = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
