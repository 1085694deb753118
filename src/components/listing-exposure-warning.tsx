import { useTranslation } from 'react-i18next';
import type { ListingExposure } from '@/lib/chain/market-listings';
import { USDT_DECIMALS } from '@/config/tokens';
import { formatAmount } from '@/lib/format/numbers';

/**
 * Tells a seller that their live listing can be taken through another marketplace item with the same token id
 * (deployed-system.md §C9.1), for how much and to whom the money goes; the page offers Release beside it.
 */
export function ListingExposureWarning({
  exposure,
  tokenId,
}: {
  exposure: ListingExposure | null;
  tokenId: bigint | number;
}) {
  const { t, i18n } = useTranslation();
  if (!exposure) return null;
  const price = formatAmount(exposure.price, USDT_DECIMALS, { places: 'exact' }, i18n.language);
  return (
    <div className="alert alert-danger small py-2 mb-2 w-100" role="alert">
      <strong className="d-block">{t('listingExposed.title')}</strong>
      {t(exposure.otherSeller ? 'listingExposed.otherSeller' : 'listingExposed.ownCheaper', {
        tokenId: tokenId.toString(),
        price,
      })}
    </div>
  );
}
