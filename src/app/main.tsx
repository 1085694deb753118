import '@/app/bootstrap.scss';
import '@/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigErrorScreen } from '@/app/config-error-screen';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { ConfigError, getConfig } from '@/config/env';
import { i18nReady, initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query/query-client';

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
  // English is in the bundle; a stored Italian choice is fetched first so the page never flashes
  // English. If that fails, the app starts in English rather than not at all.
  void i18nReady(i18n).then(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()} i18n={i18n}>
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
