import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { getOrders, type SwapOrder } from '@/lib/chain/contracts/swap';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/**
 * The whole order book in one `getOrders()` call; each order's `id` is its array position. A view only: read through
 * the call runner (eth_call over fetch), the page loads no ethers provider code.
 */
function getSwapOrders(
  runner: ContractRunner = getCallRunner(),
  swap: Address = getConfig().addresses.swap,
): Promise<SwapOrder[]> {
  return getOrders(runner, swap);
}

export function swapOrdersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.swapOrders(),
    queryFn: () => getSwapOrders(),
    staleTime: 10_000,
    // Another tab or another trader may have filled or cancelled an order meanwhile.
    refetchOnWindowFocus: 'always',
  });
}

export function useSwapOrders() {
  return useQuery(swapOrdersQueryOptions());
}
