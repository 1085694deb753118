import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApproxUsd } from '@/components/approx-usd';
import { getConfig, type Address } from '@/config/env';
import { isAddress } from '@/lib/chain/addresses';
import { NATIVE_DECIMALS } from '@/config/tokens';
import { useWalletBalances } from '@/features/wallet/api/get-balances';
import { shortAddress } from '@/lib/format/address';
import { formatAmount, formatNatura, formatUsdt } from '@/lib/format/numbers';

/** Four decimals of the native coin (POL) are enough for a balance. */
const NATIVE_PLACES = 4;

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

function CopyAddressButton({ address }: { address: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'copyFailed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setResult('copied');
    } catch {
      setResult('copyFailed');
    }
  };
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-light py-0" onClick={() => void copy()}>
        {t('wallet.copyAddress')}
      </button>
      <span className="small" role="status">
        {result ? t(`wallet.${result}`) : null}
      </span>
    </>
  );
}

function WalletBalancesList({ account }: { account: Address }) {
  const { t, i18n } = useTranslation();
  const balances = useWalletBalances(account);
  const locale = i18n.language;
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
          {formatUsdt(usdt, locale)} <ApproxUsd usdt={usdt} />
        </dd>
      </div>
      <div>
        <dt>NAT</dt>
        <dd data-testid="balance-nat">
          {formatNatura(natura, locale)} <ApproxUsd natura={natura} />
        </dd>
      </div>
      <div>
        <dt>{getConfig().nativeCurrency}</dt>
        <dd data-testid="balance-native">{formatAmount(native, NATIVE_DECIMALS, { places: NATIVE_PLACES }, locale)}</dd>
      </div>
    </dl>
  );
}
