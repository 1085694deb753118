import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { NATURA_DECIMALS, NATURA_SYMBOL } from '@/config/tokens';
import { useChainSession, type WatchedToken, type WatchOutcome } from '@/lib/tx/chain-session';

/** Natura as the wallet tracks it: the configured address, its on-chain symbol, 18 decimals. */
export function naturaToken(): WatchedToken {
  return { address: getConfig().addresses.natura, symbol: NATURA_SYMBOL, decimals: NATURA_DECIMALS };
}

/**
 * "Add Natura to my wallet" (EIP-747): after a claim the user need not look the token up. Shown only with a
 * connected wallet; what the wallet did is said beside the button (a wallet that cannot add tokens gets the address).
 */
export function AddNaturaButton({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const session = useChainSession();
  const [outcome, setOutcome] = useState<WatchOutcome | 'asking' | null>(null);
  const watch = session.watchToken;
  if (!session.account || !watch) return null;
  const ask = async () => {
    setOutcome('asking');
    setOutcome(await watch(naturaToken()));
  };
  return (
    <div className={`d-flex flex-wrap align-items-center gap-2 ${className ?? ''}`}>
      <Button variant="outline-light" size="sm" disabled={outcome === 'asking'} onClick={() => void ask()}>
        {t('addNatura.button')}
      </Button>
      <span className="small text-muted-tm" role="status">
        {outcome === null ? '' : t(`addNatura.${outcome}`, { address: naturaToken().address })}
      </span>
    </div>
  );
}
