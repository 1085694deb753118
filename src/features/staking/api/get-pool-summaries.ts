import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address, type StakingPool } from '@/config/env';
import { getCollectionName, getNftBalance } from '@/lib/chain/contracts/nft-collection';
import { getRewardsPerDay } from '@/lib/chain/contracts/staking';
import { getCallRunner } from '@/lib/chain/call-runner';
import { orNull } from '@/lib/chain/or-null';
import { queryKeys } from '@/lib/query/keys';

/** One staking pool as anyone can read it, wallet or not (deployed-system.md §C2.2, §C9.2). */
export interface PoolSummary {
  pid: number;
  /** The pool's NFT contract. */
  contract: Address;
  /** The contract's `name()`, null when it has none. */
  collectionName: string | null;
  /** Natura wei per staked NFT per day at today's Natura price (recomputed at every read, §C9.2). */
  rewardsPerDay: bigint;
  /** NFTs of this pool held by the staking contract: stake moves the NFT into it. */
  staked: bigint;
}

/**
 * The four pools of the staking page, read from the chain without a wallet. Through the call runner, not the
 * provider: signed out, the page loads no provider code at all (issue 27).
 */
async function getPoolSummaries(
  runner: ContractRunner = getCallRunner(),
  config: { staking: Address; pools: readonly StakingPool[] } = {
    staking: getConfig().addresses.staking,
    pools: getConfig().stakingPools,
  },
): Promise<PoolSummary[]> {
  return Promise.all(
    config.pools.map(async (pool) => {
      const [collectionName, rewardsPerDay, staked] = await Promise.all([
        orNull(getCollectionName(runner, pool.address)),
        getRewardsPerDay(runner, config.staking, pool.pid),
        getNftBalance(runner, pool.address, config.staking),
      ]);
      return { pid: pool.pid, contract: pool.address, collectionName, rewardsPerDay, staked };
    }),
  );
}

export function poolSummariesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: queryKeys.chain.stakingPoolSummary(), queryFn: () => getPoolSummaries(), enabled });
}

/** `enabled` false: the connected page reads the pools only when a stake confirmation needs a rate. */
export function usePoolSummaries(enabled = true) {
  return useQuery(poolSummariesQueryOptions(enabled));
}
