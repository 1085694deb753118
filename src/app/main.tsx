import '@/app/bootstrap.scss';
import '@/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigErrorScreen } from '@/app/config-error-screen';
import { AppProviders } from '@/app/providers';
import { AppRoutes, startFirstRoute } from '@/app/router';
import { ConfigError, getConfig } from '@/config/env';
import { i18nReady, initI18n } from '@/lib/i18n/i18n';
import { loadCmsHttp } from '@/lib/cms/client';
import { createQueryClient } from '@/lib/query/query-client';
import { readUserInfo } from '@/lib/session/storage';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

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
  // The first page's code, reads and translations start now, with the CMS client's HTTP chunk (which index.html
  // already fetches beside the entry), not after React's first render.
  void loadCmsHttp();
  startFirstRoute(window.location.pathname, queryClient, i18n, readUserInfo()?.address ?? null);
  // English is in the bundle; a stored Italian choice is fetched first so the page never flashes
  // English. If that fails, the app starts in English rather than not at all.
  void i18nReady(i18n).then(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  root.render(<ConfigErrorScreen error={error} />);
}
