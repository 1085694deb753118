import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
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
  /** The pool's cost (`poolInfo(pid).cost`, the NFT's mint price), USDT base units: the reward's basis (§C9.2). */
  cost: bigint;
}

/**
 * The four pools of the staking page, read from the chain without a wallet. Through the call runner, not the
 * provider: signed out, the page loads no provider code at all. The contract code (ethers' ABI coder) is imported
 * with the read, so the page's title and skeletons render without waiting for it (a smaller first paint).
 */
async function getPoolSummaries(): Promise<PoolSummary[]> {
  const [{ getCollectionName, getNftBalance }, { getPoolInfo, getRewardsPerDay }, { getCallRunner }, { orNull }] =
    await Promise.all([
      import('@/lib/chain/contracts/nft-collection'),
      import('@/lib/chain/contracts/staking'),
      import('@/lib/chain/call-runner'),
      import('@/lib/chain/or-null'),
    ]);
  const runner = getCallRunner();
  const staking = getConfig().addresses.staking;
  return Promise.all(
    getConfig().stakingPools.map(async (pool) => {
      const [collectionName, rewardsPerDay, staked, info] = await Promise.all([
        orNull(getCollectionName(runner, pool.address)),
        getRewardsPerDay(runner, staking, pool.pid),
        getNftBalance(runner, pool.address, staking),
        getPoolInfo(runner, staking, pool.pid),
      ]);
      return { pid: pool.pid, contract: pool.address, collectionName, rewardsPerDay, staked, cost: info.cost };
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
