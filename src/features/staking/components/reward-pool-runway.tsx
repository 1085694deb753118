import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { usePoolSummaries } from '@/features/staking/api/get-pool-summaries';
import { RUNWAY_WARNING_DAYS, rewardPoolRunway, useRewardPool } from '@/features/staking/api/get-reward-pool';
import { Amount, amountSlot, TextWithAmount } from '@/components/amount';
import { NATURA_DECIMALS } from '@/config/tokens';
import { formatAmount } from '@/lib/format/numbers';

/**
 * How long the reward pool lasts (issue 40.5; deployed-system.md §C9.2: rewards are pulled from the staking owner's
 * wallet, and an empty pool freezes every staked NFT): what it can pay now (the owner's balance or allowance, the
 * lower) over what every staked NFT of every pool earns per day at today's rates, with a warning below a week. At the
 * bottom of the page, so its arrival moves nothing above it.
 */
export function RewardPoolRunway() {
  const { t, i18n } = useTranslation('staking');
  const pool = useRewardPool();
  const pools = usePoolSummaries();
  const body = () => {
    if (pool.isError || pools.isError)
      return (
        <ErrorState
          inline
          message={t('runway.error')}
          onRetry={() => {
            if (pool.isError) void pool.refetch();
            if (pools.isError) void pools.refetch();
          }}
        />
      );
    if (!pool.data || !pools.data) return <p className="mb-0 small text-muted-tm">…</p>;
    const runway = rewardPoolRunway(pool.data, pools.data);
    // Rewards with 2 decimals, rounded down, the exact figure one tap away (docs/amounts.md).
    const natura = (value: bigint) => <Amount value={value} decimals={NATURA_DECIMALS} kind="reward" />;
    const whole = (value: bigint) => formatAmount(value, 0, { places: 0, grouping: true }, i18n.language);
    if (runway.days === null)
      return (
        <p className="mb-0 small">
          <TextWithAmount
            text={t('runway.nothingStaked', { available: amountSlot(0) })}
            amount={natura(runway.available)}
          />
        </p>
      );
    const low = runway.days < RUNWAY_WARNING_DAYS;
    return (
      <>
        <p className="mb-1" data-testid="reward-pool-days">
          {t('runway.days', { count: Number(runway.days), days: whole(runway.days) })}
        </p>
        <p className="mb-0 small text-muted-tm">
          <TextWithAmount
            text={t('runway.detail', {
              available: amountSlot(0),
              perDay: amountSlot(1),
              staked: whole(runway.staked),
              count: Number(runway.staked),
            })}
            amounts={[natura(runway.available), natura(runway.perDay)]}
          />
        </p>
        {low ? (
          <p className="alert alert-warning small py-2 mt-2 mb-0" role="alert">
            {t('runway.low')}
          </p>
        ) : null}
      </>
    );
  };
  return (
    <section className="surface staking-runway p-3 mt-4" aria-labelledby="staking-runway-title">
      <h2 id="staking-runway-title" className="h6 mb-2">
        {t('runway.label')}
      </h2>
      {body()}
    </section>
  );
}
