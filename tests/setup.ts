import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { registerAppFlows } from '@/app/flows';
import { resetCallRunner } from '@/lib/chain/call-runner';
import { resetCallInputReader } from '@/lib/chain/history/call-inputs';
import { resetHistoryReader } from '@/lib/chain/history/log-reader';
import { resetMarketScans } from '@/lib/chain/market-listings';
import { resetNodeReads } from '@/lib/chain/node-reads';
import { resetOrderBookCache } from '@/lib/chain/swap-book';
import { resetReadProvider } from '@/lib/chain/provider';
import { resetBrowserStorage } from '@/lib/session/browser-storage';
import { resetVerifiedRows } from '@/lib/trust/verified-rows';
import { cmsDb } from './msw/cms-handlers';
import { server } from './msw/server';

// findBy… and waitFor give up after 5 s instead of Testing Library's 1 s: vitest runs a file per core
// (vitest.config.ts), and a lazily loaded route can take over a second to arrive on a loaded 2-core machine. A test
// waiting for something that never comes still fails.
configure({ asyncUtilTimeout: 5000 });

// The transaction path knows the app's flows as it does in production (src/app/providers.tsx).
registerAppFlows();

// Web3Modal cannot run in jsdom (it needs a real browser); the wallet session is proven end to
// end in tests/e2e. Here the lazily loaded connector is a stand-in that never connects by itself.
vi.mock('@/features/wallet/api/web3modal-connector', () => ({
  createWalletConnector: () => ({
    open: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
    subscribe: () => undefined,
    getSigner: () => Promise.reject(new Error('no signer in jsdom')),
  }),
}));

// jsdom fetches no images, so an image preload (AppImage's preloadImage) would never report: it reports a failure at
// once, as a browser that cannot fetch the image does, and what waits for the route's lead image goes on.
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node instanceof HTMLLinkElement && node.rel === 'preload') node.dispatchEvent(new Event('error'));
}).observe(document.head, { childList: true });
// Likewise the page's own priority image (AppImage `priority`, the LCP element) reports that it has loaded, as it does
// in a browser once the preloaded response is in: the lead-image gate waits for it before the page's other images.
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      const images = node.matches('img') ? [node] : [...node.querySelectorAll('img')];
      for (const image of images)
        if (image.getAttribute('fetchpriority') === 'high')
          queueMicrotask(() => image.dispatchEvent(new Event('load')));
    }
}).observe(document.body, { childList: true, subtree: true });

// Every request must be answered by a handler: an unexpected call fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  resetReadProvider();
  resetCallRunner();
  resetNodeReads();
  resetVerifiedRows();
  resetMarketScans();
  resetHistoryReader();
  resetCallInputReader();
  resetOrderBookCache();
  server.resetHandlers();
  cmsDb.reset();
  localStorage.clear();
  sessionStorage.clear();
  resetBrowserStorage();
  vi.useRealTimers();
});
afterAll(async () => {
  server.close();
  // sweetalert2 gives focus back on a timer after a pop-up closes; let it fire while the DOM
  // still exists (otherwise it throws "HTMLElement is not defined" after the file's teardown).
  await new Promise((resolve) => setTimeout(resolve, 150));
});

// jsdom lacks these browser APIs that the layout and carousels use.
window.scrollTo = vi.fn();
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
