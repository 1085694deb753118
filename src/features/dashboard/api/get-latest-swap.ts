import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { latestFilledOrder } from '@/features/dashboard/api/figures';
import { getOrderById, getOrdersCount } from '@/lib/chain/contracts/swap';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/** Orders read in the first step back from the end; each further step reads twice as many. */
export const LATEST_SWAP_FIRST_STEP = 16;
/** A JSON-RPC provider sends at most this many calls in one HTTP request (ethers' batchMaxCount). */
const LATEST_SWAP_MAX_STEP = 100;

/**
 * The most recent successful order of the swap order book (the filled order with the highest id), or
 * null before the first fill, without reading the whole book: `ordersCount()`, then `getOrderById`
 * from the newest order backwards in steps of 16, 32, 64, 100, 100, … orders, each step one batched
 * HTTP request, stopping at the step that holds a filled order. The reads are bounded by how far
 * back the latest fill lies (rounded up to the step), not by the size of the book.
 */
export async function getLatestSwap(
  runner: ContractRunner = getCallRunner(),
  swap: Address = getConfig().addresses.swap,
): Promise<SwapOrder | null> {
  let end = await getOrdersCount(runner, swap);
  let step = LATEST_SWAP_FIRST_STEP;
  while (end > 0) {
    const start = Math.max(0, end - step);
    const ids = Array.from({ length: end - start }, (_, offset) => start + offset);
    const found = latestFilledOrder(await Promise.all(ids.map((id) => getOrderById(runner, swap, id))));
    if (found) return found;
    end = start;
    step = Math.min(step * 2, LATEST_SWAP_MAX_STEP);
  }
  return null;
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
