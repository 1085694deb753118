import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '@/app/layout/footer';
import { Header } from '@/app/layout/header';
import { ScrollToTopOnNavigate, ScrollTopButton } from '@/app/layout/scroll-controls';
import { ConnectivityNotice } from '@/components/connectivity-notice';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { WalletNotice } from '@/features/wallet/components/wallet-notice';

// Following new blocks is not needed for the first paint: it loads right after it.
const LiveChain = lazy(() => import('@/app/layout/live-chain'));

export function RootLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      {/* First stop of the Tab key: past the header straight to the page. */}
      <a href="#main" className="skip-link visually-hidden-focusable">
        {t('nav.skip')}
      </a>
      <ScrollToTopOnNavigate />
      <Header />
      <WalletNotice />
      <ConnectivityNotice />
      <main id="main" className="app-main" tabIndex={-1}>
        <SectionErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <div className="container py-5">
                <LoadingSkeleton rows={4} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </SectionErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <LiveChain />
      </Suspense>
      <Footer />
      <ScrollTopButton />
    </div>
  );
}
