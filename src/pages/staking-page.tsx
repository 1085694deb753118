import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { StakingBoard } from '@/features/staking/components/staking-board';
import { useChainSession } from '@/lib/tx/chain-session';

/** /nft-staking (deployed-system.md §P2.10): without a wallet only Connect Wallet, else the two lists. */
export function StakingPage() {
  const { t } = useTranslation('staking');
  const session = useChainSession();
  return (
    <>
      <PageBanner title={t('title')} subtitle={t('subtitle')} />
      <div className="container staking-page py-4">
        {session.account ? (
          <StakingBoard account={session.account} />
        ) : (
          <div className="text-center py-5">
            <Button className="btn-main" onClick={() => void session.connect()}>
              {t('connect')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
