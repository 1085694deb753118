import { useQuery } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/** The query of Natura's USD price (the dashboard's Natura Value): read its cache to reuse a price already shown. */
export const NATURA_USD_PRICE_KEY = queryKeys.chain.dashboardRead('price');

/**
 * Natura's USD price (6 decimals) from the chain's getNaturaPrice: the dashboard's Natura Value,
 * under the same query key, so every "≈ $" of a Natura amount agrees with the dashboard.
 */
export function useNaturaUsdPrice() {
  return useQuery({
    queryKey: NATURA_USD_PRICE_KEY,
    queryFn: async () => {
      // ethers stays out of the first-load bundle: only screens that show Natura amounts load it.
      const [{ getReadProvider }, { getNaturaPrice }] = await Promise.all([
        import('@/lib/chain/provider'),
        import('@/lib/chain/contracts/natura'),
      ]);
      return getNaturaPrice(getReadProvider(), getConfig().addresses.natura);
    },
    staleTime: 15_000,
  });
}
