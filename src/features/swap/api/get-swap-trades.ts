import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { swapOrdersQueryOptions } from '@/features/swap/api/get-swap-orders';
import type { SwapTrade } from '@/lib/chain/history/swap-history';
import { queryKeys } from '@/lib/query/keys';

/**
 * The swap's fills from chain history (src/lib/chain/history/swap-history.ts): time, taker, order and price of each,
 * newest first. Loaded after the book (its lead content) and only with the swap page: the history code is imported
 * by the read. The orders it ties fills to are the book's own read (fetched again when a write invalidated both).
 */
async function getSwapTrades(queryClient: QueryClient): Promise<SwapTrade[]> {
  const [{ getHistoryReader }, { getCallInputReader }, { readSwapTrades }, orders] = await Promise.all([
    import('@/lib/chain/history/log-reader'),
    import('@/lib/chain/history/call-inputs'),
    import('@/lib/chain/history/swap-history'),
    queryClient.fetchQuery(swapOrdersQueryOptions()),
  ]);
  const { addresses } = getConfig();
  const [reader, readCall] = await Promise.all([getHistoryReader(), getCallInputReader()]);
  return readSwapTrades(reader, readCall, addresses.swap, { usdt: addresses.usdt, natura: addresses.natura }, orders);
}

function swapTradesQueryOptions(queryClient: QueryClient, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.chain.swapTrades(),
    queryFn: () => getSwapTrades(queryClient),
    enabled,
    staleTime: 10_000,
  });
}

/** `enabled` once the book is on screen. */
export function useSwapTrades(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery(swapTradesQueryOptions(queryClient, enabled));
}
