import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

// The dropdown brings Popper with it; only signed-in visitors need it, so it is its own chunk.
const WalletDropdown = lazy(() => import('./wallet-dropdown'));

/** Connect Wallet when signed out; the My Wallet dropdown when signed in (deployed-system.md §P2.2). */
export function WalletMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, account, user, isSignedIn, connect, signOut } = useWallet();

  if (status === 'connecting' || status === 'signing-in') {
    return (
      <Button className="btn-main" disabled aria-live="polite">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        {status === 'connecting' ? t('wallet.connecting') : t('wallet.signingIn')}
      </Button>
    );
  }

  const address = account ?? user?.address ?? null;
  if (!isSignedIn || !address) {
    return (
      <Button className="btn-main" onClick={() => void connect()}>
        {t('wallet.connect')}
      </Button>
    );
  }

  return (
    <Suspense
      fallback={
        <Button className="btn-main" disabled>
          {t('wallet.myWallet')}
        </Button>
      }
    >
      <WalletDropdown address={address} onSignOut={() => void signOut().then(() => navigate('/'))} />
    </Suspense>
  );
}
