import '@/features/staking/components/staking.css';
import { useTranslation } from 'react-i18next';
import { ApproxUsd } from '@/components/approx-usd';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { usePoolSummaries } from '@/features/staking/api/get-pool-summaries';
import { yearlyRateHundredths } from '@/lib/chain/history/staking-history';
import { formatTokenAmount } from '@/lib/format/numbers';
import { RewardText } from '@/features/staking/components/reward-text';
import { useNaturaUsdPrice } from '@/lib/hooks/use-natura-price';

/**
 * The staking pools as anyone can see them, before connecting (deployed-system.md §P2.10): each pool's collection, its reward per
 * NFT per day at today's Natura price (deployed-system.md §C9.2) with its "≈ $", how many NFTs are staked in it, and
 * the reward as a yearly percentage of the pool's cost at today's Natura price (an estimate: the rate follows the
 * price at every claim).
 */
export function PoolList() {
  const { t, i18n } = useTranslation('staking');
  const pools = usePoolSummaries();
  const priceQuery = useNaturaUsdPrice();
  const price = priceQuery.data;
  if (pools.isPending)
    return (
      <div className="staking-pools-loading">
        <LoadingSkeleton variant="lines" rows={4} />
      </div>
    );
  if (pools.isError) return <ErrorState onRetry={() => void pools.refetch()} />;
  const yearlyRate = (rewardsPerDay: bigint, cost: bigint) => {
    const hundredths = price === undefined ? null : yearlyRateHundredths(rewardsPerDay, cost, price);
    // Kept as a line while the price is read, so its arrival moves nothing.
    if (price === undefined) return priceQuery.isError ? t('pools.aprUnknown') : '\u00a0';
    if (hundredths === null) return t('pools.aprUnknown');
    return t('pools.apr', { percent: formatTokenAmount(hundredths, 2, 2, i18n.language) });
  };
  return (
    <ul className="staking-pools list-unstyled" aria-label={t('pools.label')}>
      {pools.data.map((pool) => {
        const name = pool.collectionName ?? t('staked.unknownPool', { pid: pool.pid });
        return (
          <li key={pool.pid} className="surface staking-pool" aria-label={name}>
            <h3 className="h6 mb-1">{name}</h3>
            <p className="mb-0 small">
              <RewardText value={pool.rewardsPerDay} text={(slot) => t('pools.perDay', { amount: slot })} />
              {/* A line of its own, kept while the Natura price is read: its "≈ $" arriving moves nothing (CLS). */}
              <span className="staking-pool-usd">
                {' '}
                <ApproxUsd natura={pool.rewardsPerDay} />
              </span>
            </p>
            <p className="mb-0 small">{t('pools.staked', { count: Number(pool.staked) })}</p>
            <p className="mb-0 small staking-pool-apr">{yearlyRate(pool.rewardsPerDay, pool.cost)}</p>
          </li>
        );
      })}
    </ul>
  );
}
