import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import type { useMarketItems } from '@/features/nfts/api/get-market-items';

/**
 * Shown while the marketplace listings cannot be read from the chain (RPC down): the cards are
 * still there, but none can be labelled Buy, and the user should know why.
 */
export function MarketReadNotice({ market }: { market: ReturnType<typeof useMarketItems> }) {
  const { t } = useTranslation();
  if (!market.isError) return null;
  return <ErrorState inline message={t('errors.chainListings')} onRetry={() => void market.refetch()} />;
}
