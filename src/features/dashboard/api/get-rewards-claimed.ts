import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { getTotalRewardsClaimed } from '@/lib/chain/contracts/staking';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/** Natura wei paid out by the staking contract so far ("P.o.NFT Rewards Claimed"). */
function getRewardsClaimed(
  runner: ContractRunner = getCallRunner(),
  staking: Address = getConfig().addresses.staking,
): Promise<bigint> {
  return getTotalRewardsClaimed(runner, staking);
}

export function rewardsClaimedQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.dashboardRead('rewards-claimed'),
    queryFn: () => getRewardsClaimed(),
    staleTime: 15_000,
  });
}

export function useRewardsClaimed() {
  return useQuery(rewardsClaimedQueryOptions());
}
