import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useWallet } from '@/features/wallet/wallet-context';
import { shortAddress } from '@/lib/format/address';

/** Connect Wallet when signed out; the My Wallet dropdown when signed in (spec §2). */
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
    <Dropdown align="end">
      <Dropdown.Toggle className="btn-main" id="wallet-menu">
        {t('wallet.myWallet')}
      </Dropdown.Toggle>
      <Dropdown.Menu variant="dark">
        <Dropdown.Header>
          {t('wallet.myWallet')}
          <span className="d-block text-accent" data-testid="wallet-address">
            {shortAddress(address)}
          </span>
        </Dropdown.Header>
        <Dropdown.Item as={Link} to="/Profile">
          {t('wallet.myProfile')}
        </Dropdown.Item>
        <Dropdown.Item
          as="button"
          onClick={() => {
            void signOut().then(() => navigate('/'));
          }}
        >
          {t('wallet.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
