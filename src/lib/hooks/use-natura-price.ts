import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { formatApproxUsd, usdOfNatura } from '@/lib/format/usd';
import { queryKeys } from '@/lib/query/keys';

/** The query of Natura's USD price (the dashboard's Natura Value): read its cache to reuse a price already shown. */
export const NATURA_USD_PRICE_KEY = queryKeys.chain.dashboardRead('price');

/**
 * Natura's USD price (6 decimals) from the chain's getNaturaPrice: the dashboard's Natura Value,
 * under the same query key, so every "≈ $" of a Natura amount agrees with the dashboard.
 */
export function useNaturaUsdPrice(enabled = true) {
  return useQuery({
    enabled,
    queryKey: NATURA_USD_PRICE_KEY,
    queryFn: async () => {
      // ethers stays out of the first-load bundle: only screens that show Natura amounts load it. Through the
      // call runner, not the provider: the signed-out staking page shows "≈ $" and loads no provider code.
      const [{ getCallRunner }, { getNaturaPrice }] = await Promise.all([
        import('@/lib/chain/call-runner'),
        import('@/lib/chain/contracts/natura'),
      ]);
      return getNaturaPrice(getCallRunner(), getConfig().addresses.natura);
    },
    staleTime: 15_000,
  });
}

/** " (≈ $1.23)" after a Natura amount inside a sentence, at the chain's Natura price; '' until it is read. */
export function naturaUsdSuffix(natura: bigint, priceUsd6: bigint | undefined, language: string): string {
  return priceUsd6 === undefined ? '' : ` (${formatApproxUsd(usdOfNatura(natura, priceUsd6), language)})`;
}

/** `naturaUsdSuffix` at the price this hook reads (`enabled` false: only a price already read). */
export function useNaturaUsdSuffix(enabled = true): (natura: bigint) => string {
  const { i18n } = useTranslation();
  const price = useNaturaUsdPrice(enabled).data;
  return (natura) => naturaUsdSuffix(natura, price, i18n.language);
}
