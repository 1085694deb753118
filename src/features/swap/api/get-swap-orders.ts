import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import { queryKeys } from '@/lib/query/keys';

/**
 * The whole order book in one `getOrders()` call; each order's `id` is its array position. A view only: read through
 * the call runner (eth_call over fetch), the page loads no ethers provider code. The contract code (ethers' ABI coder)
 * is imported with the read, so the page's tables render without waiting for it (a smaller first paint).
 */
async function getSwapOrders(): Promise<SwapOrder[]> {
  const [{ getOrders }, { getCallRunner }] = await Promise.all([
    import('@/lib/chain/contracts/swap'),
    import('@/lib/chain/call-runner'),
  ]);
  return getOrders(getCallRunner(), getConfig().addresses.swap);
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
