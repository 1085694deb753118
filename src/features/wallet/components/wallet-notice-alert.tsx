import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { WalletNotice as Notice } from '@/features/wallet/hooks/wallet-context';

/** The notice itself: react-bootstrap's dismissible Alert with a "sign in again" button. */
export default function WalletNoticeAlert({
  notice,
  onClose,
  onRetry,
}: {
  notice: NonNullable<Notice>;
  onClose: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const failed = notice === 'sign-in-failed' || notice === 'wallet-dialog-failed';
  return (
    <Alert
      variant={failed ? 'danger' : 'warning'}
      dismissible
      onClose={onClose}
      className="d-flex flex-wrap align-items-center gap-3 mb-0"
    >
      <span className="me-auto" role={failed ? 'alert' : 'status'}>
        {t(`wallet.notice.${notice}`)}
      </span>
      <Button size="sm" className="btn-main" onClick={onRetry}>
        {t('wallet.signInAgain')}
      </Button>
    </Alert>
  );
}
