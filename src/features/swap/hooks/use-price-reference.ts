import { getConfig } from '@/config/env';
import { useSwapOrders } from '@/features/swap/api/get-swap-orders';
import { useSwapTrades } from '@/features/swap/api/get-swap-trades';
import { lastFilledPrice } from '@/features/swap/hooks/market';
import { useNaturaUsdPrice } from '@/lib/hooks/use-natura-price';

/**
 * The price a new order or a trade is checked against (issue 39), USDT base units per whole Natura: the last trade
 * (chain history; until it is read, the last filled order of the book), or with no trade yet Natura's reserve value
 * (`getNaturaPrice`), named as such. Reads the page's own queries from their cache.
 */
export interface PriceReference {
  kind: 'lastTrade' | 'reserve';
  usdtPerNatura: bigint;
}

/** undefined while the reference is still being read; null when there is none to be had. */
export function usePriceReference(): PriceReference | null | undefined {
  const orders = useSwapOrders();
  const trades = useSwapTrades(orders.isSuccess);
  const { addresses } = getConfig();
  const tokens = { usdt: addresses.usdt, natura: addresses.natura };
  const lastTrade =
    trades.data?.[0]?.usdtPerNatura ?? (orders.data ? lastFilledPrice(orders.data, tokens) : null) ?? null;
  const noTradeYet = orders.isSuccess && lastTrade === null && !trades.isPending;
  const reserve = useNaturaUsdPrice(noTradeYet);
  if (lastTrade !== null) return { kind: 'lastTrade', usdtPerNatura: lastTrade };
  if (orders.isError) return null;
  if (!noTradeYet || reserve.isPending) return undefined;
  return reserve.data !== undefined && reserve.data > 0n ? { kind: 'reserve', usdtPerNatura: reserve.data } : null;
}
