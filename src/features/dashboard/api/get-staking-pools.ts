import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { getAllPools, type PoolInfo } from '@/lib/chain/contracts/staking';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/**
 * Every staking pool, in pid order: `poolLength()`, then every `poolInfo(i)` at once (one
 * JSON-RPC batch, however many pools). The dashboard matches collections to pools by contract.
 */
function getStakingPools(
  runner: ContractRunner = getCallRunner(),
  staking: Address = getConfig().addresses.staking,
): Promise<PoolInfo[]> {
  return getAllPools(runner, staking);
}

export function stakingPoolsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.stakingPools(),
    queryFn: () => getStakingPools(),
    staleTime: 15_000,
  });
}

export function useStakingPools() {
  return useQuery(stakingPoolsQueryOptions());
}
