import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render';
import { COLLECTION_1, RPC_URL, chainNode, ownerKey } from './nft-chain-node';

configure({ asyncUtilTimeout: 5000 });

// The item page's code arrives only when the test lets it: whatever the route starts before that, it started
// in parallel with its code, not after it.
const pageCode = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => release() };
});
vi.mock('@/pages/item-detail-page', async (importOriginal) => {
  await pageCode.held;
  return importOriginal();
});

afterEach(() => server.events.removeAllListeners());

describe('a route starts its data with its code', () => {
  it("the item page's CMS and chain reads, its texts and its image start while its code is still loading, and the page uses them", async () => {
    chainNode({ owners: { [ownerKey(COLLECTION_1, 2)]: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' } });
    const cms: string[] = [];
    let chainRequests = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(RPC_URL)) chainRequests += 1;
      else cms.push(new URL(request.url).pathname);
    });
    const { i18n } = renderApp('/ItemDetail/2');

    await waitFor(() => expect(cms).toEqual(expect.arrayContaining(['/api/nft-v1s/2', '/api/transactions'])));
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'nft')).toBe(true));
    // The marketplace's items, then the token's owner once the NFT names its contract.
    await waitFor(() => expect(chainRequests).toBeGreaterThan(0));
    // The NFT's image (the page's LCP element) is asked for as soon as the CMS answer names it.
    const preload = await waitFor(() => {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
      expect(link).not.toBeNull();
      return link!;
    });
    expect(preload).toHaveAttribute('fetchpriority', 'high');
    expect(screen.queryByRole('heading', { name: 'Genesis #2' })).not.toBeInTheDocument();

    pageCode.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Genesis #2' })).toBeInTheDocument();
    // The page shows the image the preload fetched.
    expect(screen.getByRole('img', { name: /Genesis #2/ })).toHaveAttribute('src', preload.getAttribute('href'));
    await waitFor(() => expect(screen.getByText('Owner:').parentElement).toHaveTextContent('Owner: 0x90F....3b906'));
    // The page found the reads in the cache: each was asked once.
    expect(cms.filter((path) => path === '/api/nft-v1s/2')).toHaveLength(1);
    expect(cms.filter((path) => path === '/api/transactions')).toHaveLength(1);
  });
});
