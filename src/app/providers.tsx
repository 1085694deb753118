import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { WalletProvider, type WalletConnectorLoader } from '@/features/wallet/hooks/wallet-context';
import { provideFlows } from '@/lib/tx/flow';

// The transaction path loads the app's flows when it first needs them (src/app/flows.ts).
provideFlows(() => import('@/app/flows').then((module) => module.appFlows));

// The background transaction path is not needed for the first paint: it loads right after it.
const TransactionsRunner = lazy(() =>
  import('@/app/transactions-runner').then((module) => ({ default: module.TransactionsRunner })),
);

/** Every provider the app needs, in one place so tests mount exactly what production mounts. */
export function AppProviders({
  queryClient,
  i18n,
  loadWalletConnector,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  /** Tests drive the app with a connector over a fake EIP-1193 wallet; production uses Web3Modal. */
  loadWalletConnector?: WalletConnectorLoader;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <WalletProvider loadConnector={loadWalletConnector}>
          <Suspense fallback={null}>
            <TransactionsRunner />
          </Suspense>
          {children}
        </WalletProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
