import { lazy, Suspense } from 'react';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

// Only a failed or expired sign-in shows the notice, so its Alert (with the fade transition) is a
// chunk of its own, loaded when there is something to say.
const WalletNoticeAlert = lazy(() => import('./wallet-notice-alert'));

/** Tells the user why they are not signed in and lets them retry, without leaving the page. */
export function WalletNotice() {
  const { notice, dismissNotice, connect } = useWallet();
  if (!notice) return null;
  return (
    <div className="container mt-3">
      <Suspense fallback={null}>
        <WalletNoticeAlert notice={notice} onClose={dismissNotice} onRetry={() => void connect()} />
      </Suspense>
    </div>
  );
}
