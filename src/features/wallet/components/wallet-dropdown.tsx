import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CopyAddressButton } from '@/components/address';
import { Amount } from '@/components/amount';
import { ApproxUsd } from '@/components/approx-usd';
import { getConfig, type Address } from '@/config/env';
import { isAddress } from '@/lib/chain/addresses';
import { NATIVE_DECIMALS, NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { useWalletBalances } from '@/features/wallet/api/get-balances';
import { shortAddress } from '@/lib/format/address';

/**
 * The signed-in header menu of deployed-system.md §P2.2: short address with a copy button, the
 * USDT, Natura and POL balances (read each time the menu opens), My Profile, Permissions, Sign Out.
 */
export default function WalletDropdown({ address, onSignOut }: { address: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown align="end" onToggle={setOpen}>
      <Dropdown.Toggle className="btn-main" id="wallet-menu">
        {t('wallet.myWallet')}
      </Dropdown.Toggle>
      <Dropdown.Menu variant="dark" className="wallet-menu">
        <Dropdown.Header>
          {t('wallet.myWallet')}
          <span className="d-flex align-items-center gap-2">
            <span className="text-accent" data-testid="wallet-address" title={address}>
              {shortAddress(address)}
            </span>
            <CopyAddressButton address={address} />
          </span>
        </Dropdown.Header>
        {open && isAddress(address) ? <WalletBalancesList account={address} /> : null}
        <Dropdown.Divider />
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

function WalletBalancesList({ account }: { account: Address }) {
  const { t } = useTranslation();
  const balances = useWalletBalances(account);
  if (balances.isPending) {
    return <p className="px-3 small mb-1">{t('wallet.balances.loading')}</p>;
  }
  if (balances.isError) {
    return (
      <p className="px-3 small mb-1" role="alert">
        {t('wallet.balances.error')}{' '}
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void balances.refetch()}>
          {t('wallet.balances.retry')}
        </button>
      </p>
    );
  }
  const { usdt, natura, native } = balances.data;
  return (
    <dl className="wallet-balances px-3 small mb-1">
      <div>
        <dt>USDT</dt>
        <dd data-testid="balance-usdt">
          <Amount value={usdt} decimals={USDT_DECIMALS} kind="money" /> <ApproxUsd usdt={usdt} />
        </dd>
      </div>
      <div>
        <dt>NAT</dt>
        <dd data-testid="balance-nat">
          <Amount value={natura} decimals={NATURA_DECIMALS} kind="natura" /> <ApproxUsd natura={natura} />
        </dd>
      </div>
      <div>
        <dt>{getConfig().nativeCurrency}</dt>
        <dd data-testid="balance-native">
          {/* The native coin is written like Natura: at most 4 decimals, rounded down. */}
          <Amount value={native} decimals={NATIVE_DECIMALS} kind="natura" />
        </dd>
      </div>
    </dl>
  );
}
