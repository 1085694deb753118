import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { WalletProvider } from '@/features/wallet/wallet-context';

/** Every provider the app needs, in one place so tests mount exactly what production mounts. */
export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <WalletProvider>{children}</WalletProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
