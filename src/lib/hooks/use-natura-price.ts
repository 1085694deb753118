import { useQuery } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/**
 * Natura's USD price (6 decimals) from the chain's getNaturaPrice: the dashboard's Natura Value,
 * under the same query key, so every "≈ $" of a Natura amount agrees with the dashboard.
 */
export function useNaturaUsdPrice() {
  return useQuery({
    queryKey: queryKeys.chain.dashboardRead('price'),
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
