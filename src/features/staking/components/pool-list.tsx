import '@/features/staking/components/staking.css';
import { useTranslation } from 'react-i18next';
import { ApproxUsd } from '@/components/approx-usd';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { usePoolSummaries } from '@/features/staking/api/get-pool-summaries';
import { formatNatura } from '@/lib/format/numbers';

/**
 * The staking pools as anyone can see them, before connecting (deployed-system.md §P2.10): each pool's collection, its reward per
 * NFT per day at today's Natura price (deployed-system.md §C9.2) with its "≈ $", and how many NFTs are staked in it.
 */
export function PoolList() {
  const { t, i18n } = useTranslation('staking');
  const pools = usePoolSummaries();
  if (pools.isPending)
    return (
      <div className="staking-pools-loading">
        <LoadingSkeleton variant="lines" rows={4} />
      </div>
    );
  if (pools.isError) return <ErrorState onRetry={() => void pools.refetch()} />;
  return (
    <ul className="staking-pools list-unstyled" aria-label={t('pools.label')}>
      {pools.data.map((pool) => {
        const name = pool.collectionName ?? t('staked.unknownPool', { pid: pool.pid });
        return (
          <li key={pool.pid} className="surface staking-pool" aria-label={name}>
            <h3 className="h6 mb-1">{name}</h3>
            <p className="mb-0 small">
              {t('pools.perDay', { amount: formatNatura(pool.rewardsPerDay, i18n.language) })}
              {/* A line of its own, kept while the Natura price is read: its "≈ $" arriving moves nothing (CLS). */}
              <span className="staking-pool-usd">
                {' '}
                <ApproxUsd natura={pool.rewardsPerDay} />
              </span>
            </p>
            <p className="mb-0 small">{t('pools.staked', { count: Number(pool.staked) })}</p>
          </li>
        );
      })}
    </ul>
  );
}
