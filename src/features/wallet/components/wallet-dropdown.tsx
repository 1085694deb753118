import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { shortAddress } from '@/lib/format/address';

/** The signed-in header menu of deployed-system.md §P2.2: short address, My Profile, Permissions, Sign Out. */
export default function WalletDropdown({ address, onSignOut }: { address: string; onSignOut: () => void }) {
  const { t } = useTranslation();
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
        <Dropdown.Item as={Link} to="/permissions">
          {t('wallet.permissions')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={onSignOut}>
          {t('wallet.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
