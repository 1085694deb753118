import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

/** Tells the user why they are not signed in and lets them retry, without leaving the page. */
export function WalletNotice() {
  const { t } = useTranslation();
  const { notice, dismissNotice, connect } = useWallet();
  if (!notice) return null;
  return (
    <div className="container mt-3">
      <Alert
        variant={notice === 'sign-in-failed' ? 'danger' : 'warning'}
        dismissible
        onClose={dismissNotice}
        className="d-flex flex-wrap align-items-center gap-3 mb-0"
      >
        <span className="me-auto" role={notice === 'sign-in-failed' ? 'alert' : 'status'}>
          {t(`wallet.notice.${notice}`)}
        </span>
        <Button size="sm" className="btn-main" onClick={() => void connect()}>
          {t('wallet.signInAgain')}
        </Button>
      </Alert>
    </div>
  );
}
