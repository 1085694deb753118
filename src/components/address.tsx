import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IN_PLACE_PROPS } from '@/components/in-place';
import { shortAddress } from '@/lib/format/address';

/**
 * Copies `address` to the clipboard and says whether it worked (a status the screen reader hears).
 * The one copy button of the app: the wallet menu, the swap tables, the profile.
 */
export function CopyAddressButton({ address, compact = false }: { address: string; compact?: boolean }) {
  const { t } = useTranslation('common');
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
      <button
        type="button"
        className="btn btn-sm btn-outline-light py-0"
        {...IN_PLACE_PROPS}
        // In a table each row has one: the name says whose address it copies.
        aria-label={compact ? t('wallet.copyThisAddress', { address }) : undefined}
        onClick={(event) => {
          event.stopPropagation();
          void copy();
        }}
      >
        {t(compact ? 'wallet.copy' : 'wallet.copyAddress')}
      </button>
      <span className="small" role="status">
        {result ? t(`wallet.${result}`) : null}
      </span>
    </>
  );
}

/** An address as lists write it ("0x1a2....9f8e7", the whole one on hover) with its copy button. */
export function ShortAddress({ address }: { address: string }) {
  return (
    <span className="short-address d-inline-flex flex-wrap align-items-center gap-2">
      <span title={address}>{shortAddress(address)}</span>
      <CopyAddressButton address={address} compact />
    </span>
  );
}
