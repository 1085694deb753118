import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { PageBanner } from '@/components/page-banner';
import { PoolList } from '@/features/staking/components/pool-list';
import { StakingBoard } from '@/features/staking/components/staking-board';
import { useChainSession } from '@/lib/tx/chain-session';

/**
 * /nft-staking (deployed-system.md §P2.10): without a wallet the four pools (read without one, issue 25), then
 * Connect Wallet; with one the two lists.
 */
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
          <div className="py-3">
            <h2 className="h5">{t('pools.title')}</h2>
            <PoolList />
            <p className="mt-4 mb-2 text-center">{t('pools.connectHint')}</p>
            <div className="text-center">
              <Button className="btn-main" onClick={() => void session.connect()}>
                {t('connect')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </>
  );
}
