import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { PageBanner } from '@/components/page-banner';
import { PoolList } from '@/features/staking/components/pool-list';
import { RewardPoolRunway } from '@/features/staking/components/reward-pool-runway';
import { useChainSession } from '@/lib/tx/chain-session';

// The board brings the transaction path and ethers' provider with it: loaded once a wallet is connected, so the
// signed-out page reads its pools without any provider code.
const StakingBoard = lazy(() =>
  import('@/features/staking/components/staking-board').then((module) => ({ default: module.StakingBoard })),
);

/**
 * /nft-staking (deployed-system.md §P2.10): without a wallet the four pools (read without one), then
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
          <Suspense fallback={<LoadingSkeleton variant="lines" rows={4} />}>
            <StakingBoard account={session.account} />
          </Suspense>
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
        <RewardPoolRunway />
      </div>
    </>
  );
}
