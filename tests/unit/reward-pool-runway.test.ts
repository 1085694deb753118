import { describe, expect, it } from 'vitest';
import { rewardPoolRunway } from '@/features/staking/api/get-reward-pool';
import type { PoolSummary } from '@/features/staking/api/get-pool-summaries';

const E18 = 10n ** 18n;
const OWNER = '0x0000000000000000000000000000000000000001';
const pool = (pid: number, staked: bigint, rewardsPerDay: bigint): PoolSummary => ({
  pid,
  contract: `0x${String(pid + 2).padStart(40, '0')}`,
  collectionName: null,
  rewardsPerDay,
  staked,
  cost: 0n,
});

/** The reward pool's runway (issue 40.5): what it can pay now over what all staked NFTs earn per day. */
describe('rewardPoolRunway', () => {
  it('pays from the lower of balance and allowance, for every staked NFT of every pool, in whole days', () => {
    const pools = [pool(0, 3n, 2n * E18), pool(1, 0n, 9n * E18), pool(2, 1n, E18 / 2n)];
    // 3 × 2 + 1 × 0.5 = 6.5 Natura a day; 100 Natura allowed of 1 000 held: 15 whole days (15.38…).
    expect(rewardPoolRunway({ owner: OWNER, balance: 1000n * E18, allowance: 100n * E18 }, pools)).toEqual({
      available: 100n * E18,
      perDay: (65n * E18) / 10n,
      staked: 4n,
      days: 15n,
    });
    expect(rewardPoolRunway({ owner: OWNER, balance: 13n * E18, allowance: 100n * E18 }, pools).days).toBe(2n);
  });

  it('has no days while nothing is staked, and 0 days when the pool is empty', () => {
    expect(rewardPoolRunway({ owner: OWNER, balance: E18, allowance: E18 }, [pool(0, 0n, E18)]).days).toBeNull();
    expect(rewardPoolRunway({ owner: OWNER, balance: 0n, allowance: E18 }, [pool(0, 1n, E18)]).days).toBe(0n);
  });
});
