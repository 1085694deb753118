import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { PageBanner } from '@/components/page-banner';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

/** Where a protected route sent the visitor; sign-in returns there. */
function originOf(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/home';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isSignedIn, status, connect } = useWallet();
  const origin = originOf(location.state);

  useEffect(() => {
    if (isSignedIn) void navigate(origin, { replace: true });
  }, [isSignedIn, navigate, origin]);

  const busy = status === 'connecting' || status === 'signing-in';
  return (
    <>
      <PageBanner title={t('login.title')} />
      <div className="container">
        <div className="surface placeholder-panel">
          <p>{t('login.body')}</p>
          <Button className="btn-main" disabled={busy} onClick={() => void connect()}>
            {busy ? t('wallet.signingIn') : t('wallet.connect')}
          </Button>
        </div>
      </div>
    </>
  );
}
