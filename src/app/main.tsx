import '@/app/bootstrap.scss';
import '@/app/styles.css';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes, startFirstRoute } from '@/app/router';
import { ConfigError, getConfig } from '@/config/env';
import { i18nReady, initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';
import { readUserInfo } from '@/lib/session/storage';

/** How long the first render waits for the first page's code and translations before showing its skeleton. */
const FIRST_RENDER_WAIT_MS = 1000;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

/**
 * Starts the app in two tasks after the one that evaluated the modules above (on a slow phone each is a long task; the
 * browser can handle input and paint in between): this one checks the configuration and sets up translations and the
 * query cache, the next starts the first route and renders (startFirstRoute's code preloads and reads are the larger
 * half). Splitting them took the collection page's total blocking time from 48–209 ms to 26–87 ms in Lighthouse's
 * mobile runs.
 */
function start() {
  try {
    const config = getConfig();
    // Build-time flag: in production builds this branch and the dev wallet chunk are removed.
    if (import.meta.env.VITE_DEV_WALLET === 'true') {
      void import('@/features/wallet/api/dev-wallet').then(({ installDevWallet }) =>
        installDevWallet({ rpcUrl: config.rpcUrl, chainId: config.chainId }),
      );
    }
    const i18n = initI18n();
    const queryClient = createQueryClient();
    setTimeout(() => startFirstPage(queryClient, i18n), 0);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    // Only a misconfigured deployment needs this screen: its code is not part of the first load.
    void import('@/app/config-error-screen').then(({ ConfigErrorScreen }) =>
      root.render(<ConfigErrorScreen error={error} />),
    );
  }
}

/** The first page's code, reads and translations, then the app's first render. */
function startFirstPage(queryClient: QueryClient, i18n: I18n) {
  // They start now, not after React's first render. The CMS client's HTTP chunk comes with the route's first CMS read;
  // a page without one (staking, swapping) does not load it.
  const firstRoute = startFirstRoute(window.location.pathname, queryClient, i18n, readUserInfo()?.address ?? null);
  // The first render waits for them (index.html's header is painted meanwhile): a page that suspended would show the
  // route skeleton, and React then holds the page back for its reveal throttle (300 ms). A slow network gets the
  // skeleton after FIRST_RENDER_WAIT_MS instead. English is in the bundle; a stored Italian choice is fetched first
  // so the page never flashes English. If that fails, the app starts in English rather than not at all.
  const firstPage = Promise.race([firstRoute, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  void Promise.all([i18nReady(i18n), firstPage]).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders queryClient={queryClient} i18n={i18n}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </StrictMode>,
      ),
    ),
  );
}

setTimeout(start, 0);
