import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { latestFilledOrder } from '@/features/dashboard/api/figures';
import { getOrders, type SwapOrder } from '@/lib/chain/contracts/swap';
import { getReadProvider } from '@/lib/chain/provider';
import { queryKeys } from '@/lib/query/keys';

/** The most recent successful order of the swap order book, or null before the first fill. */
async function getLatestSwap(
  runner: ContractRunner = getReadProvider(),
  swap: Address = getConfig().addresses.swap,
): Promise<SwapOrder | null> {
  return latestFilledOrder(await getOrders(runner, swap));
}

export function latestSwapQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.dashboardRead('latest-swap'),
    queryFn: () => getLatestSwap(),
    staleTime: 15_000,
  });
}

export function useLatestSwap() {
  return useQuery(latestSwapQueryOptions());
}
