import { queryOptions, useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/**
 * The whole order book, each order's `id` its position in `getOrders()`. Read incrementally (src/lib/chain/swap-book.ts):
 * the closed orders are kept between visits, so a visit — and every refresh (a window focus, a new block, a closed
 * dialog) — reads only the orders created since and those last seen open. A view only: read through the call runner
 * (eth_call over fetch), the page loads no ethers provider code. The contract code (ethers' ABI coder) and the store
 * are imported with the read, so the page's tables render without waiting for them (a smaller first paint).
 *
 * A first read with a kept book paints it at once, dated when it was read (the layout's "Updated … ago" says how old),
 * while the open and new orders are read again: reading 1 000 open orders takes seconds, the kept book a few
 * milliseconds (issue 39, budget 7b). Kept figures only ever show: every write re-reads its order before the signature.
 */
async function getSwapOrders({
  client,
  queryKey,
}: QueryFunctionContext<ReturnType<typeof queryKeys.chain.swapOrders>>) {
  const [{ syncOrderBook, keptOrderBook, orderBookStore }, { getCallRunner }] = await Promise.all([
    import('@/lib/chain/swap-book'),
    import('@/lib/chain/call-runner'),
  ]);
  const { addresses, chainId } = getConfig();
  const store = await orderBookStore();
  let read = false;
  if (client.getQueryData(queryKey) === undefined) {
    void keptOrderBook({ swap: addresses.swap, chainId, store }).then((kept) => {
      if (kept && !read && client.getQueryData(queryKey) === undefined)
        client.setQueryData(queryKey, kept.orders, { updatedAt: kept.readAt });
    });
  }
  const orders = await syncOrderBook({ runner: getCallRunner(), swap: addresses.swap, chainId, store });
  read = true;
  return orders;
}

export function swapOrdersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.chain.swapOrders(),
    queryFn: getSwapOrders,
    staleTime: 10_000,
    // Another tab or another trader may have filled or cancelled an order meanwhile: a refresh reads the open and new
    // orders only, so it is cheap at any size of the book.
    refetchOnWindowFocus: 'always',
  });
}

export function useSwapOrders() {
  return useQuery(swapOrdersQueryOptions());
}
