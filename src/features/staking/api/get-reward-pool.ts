import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import type { PoolSummary } from '@/features/staking/api/get-pool-summaries';
import { getNaturaAllowance, getNaturaBalance } from '@/lib/chain/contracts/natura';
import { getStakingOwner } from '@/lib/chain/contracts/staking';
import { queryKeys } from '@/lib/query/keys';

/**
 * Where the rewards come from (deployed-system.md §C9.2): the staking owner's Natura wallet, through its
 * allowance to the staking contract. When either is below what a claim or unstake pays, the
 * contract reverts both, so the app checks first.
 */
export interface RewardPool {
  owner: Address;
  balance: bigint;
  allowance: bigint;
}

export async function getRewardPool(
  runner: ContractRunner,
  addresses: { staking: Address; natura: Address },
): Promise<RewardPool> {
  const owner = await getStakingOwner(runner, addresses.staking);
  const [balance, allowance] = await Promise.all([
    getNaturaBalance(runner, addresses.natura, owner),
    getNaturaAllowance(runner, addresses.natura, owner, addresses.staking),
  ]);
  return { owner, balance, allowance };
}

/** Whether the pool can pay `due` Natura wei now (nothing due needs nothing). */
export function rewardPoolCovers(pool: RewardPool, due: bigint): boolean {
  return due === 0n || (pool.balance >= due && pool.allowance >= due);
}

/** What the pool can pay now: the owner's balance or its allowance to the staking contract, whichever is lower. */
const rewardPoolAvailable = (pool: RewardPool): bigint =>
  pool.balance < pool.allowance ? pool.balance : pool.allowance;

export interface RewardPoolRunway {
  /** Natura wei the pool can pay now. */
  available: bigint;
  /** Natura wei due per day for every staked NFT of every pool, at today's rates. */
  perDay: bigint;
  /** NFTs staked in all pools. */
  staked: bigint;
  /** Whole days the pool can pay at that rate; null while nothing is staked (nothing is due). */
  days: bigint | null;
}

/** The pool's runway (issue 40.5): what it can pay now over what all staked NFTs earn per day, in whole days. */
export function rewardPoolRunway(pool: RewardPool, pools: readonly PoolSummary[]): RewardPoolRunway {
  const available = rewardPoolAvailable(pool);
  const perDay = pools.reduce((sum, summary) => sum + summary.staked * summary.rewardsPerDay, 0n);
  const staked = pools.reduce((sum, summary) => sum + summary.staked, 0n);
  return { available, perDay, staked, days: perDay === 0n ? null : available / perDay };
}

/** Below this many days the page warns that the pool runs low. */
export const RUNWAY_WARNING_DAYS = 7n;

/** The reward pool as anyone can read it, through the call runner (no provider code, like the pools). */
function rewardPoolQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.rewardPool(),
    queryFn: async () => {
      const { getCallRunner } = await import('@/lib/chain/call-runner');
      const { staking, natura } = getConfig().addresses;
      return getRewardPool(getCallRunner(), { staking, natura });
    },
  });
}

export function useRewardPool() {
  return useQuery(rewardPoolQueryOptions());
}
