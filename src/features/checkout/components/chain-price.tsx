import { useTranslation } from 'react-i18next';
import { UsdtPrice } from '@/components/amount';
import { ApproxUsd } from '@/components/approx-usd';
import { useCheckoutTerms, type CheckoutMode, type CheckoutTerms } from '@/features/checkout/api/terms';
import type { Nft } from '@/lib/cms/types';
import { formatUsdt } from '@/lib/format/numbers';

/**
 * The price a buyer pays: the chain's figure (deployed-system.md §C9.5). When the CMS row says otherwise, its figure
 * is named as out of date beside it, never used.
 */
export function ChainPrice({ terms, cmsPrice }: { terms: CheckoutTerms; cmsPrice: bigint }) {
  const { t, i18n } = useTranslation('nft');
  return (
    <>
      <strong className="d-block fs-4" data-testid="chain-price">
        <UsdtPrice value={terms.price} unit="USDT" />
      </strong>
      <ApproxUsd usdt={terms.price} className="d-block small approx-usd" />
      {cmsPrice !== terms.price ? (
        <span className="d-block small text-warning" data-testid="stale-price">
          {t('checkout.stalePrice', { price: formatUsdt(cmsPrice, i18n.language) })}
        </span>
      ) : null}
    </>
  );
}

/** Where the buyer's money goes on a marketplace sale (deployed-system.md §C9.1): royalty, the 5 % fee on the rest, the seller. */
export function SaleSplitList({ terms }: { terms: CheckoutTerms }) {
  const { t } = useTranslation('nft');
  if (!terms.split) return null;
  const rows = [
    ['royalty', terms.split.royalty],
    ['fee', terms.split.fee],
    ['seller', terms.split.seller],
  ] as const;
  return (
    <dl className="checkout-split small mt-2 mb-0" aria-label={t('checkout.split.title')}>
      {rows.map(([key, amount]) => (
        <div key={key} className="d-flex justify-content-between">
          <dt className="fw-normal text-muted-tm">{t(`checkout.split.${key}`)}</dt>
          <dd className="mb-0">
            <UsdtPrice value={amount} unit="USDT" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The NFT page's price: the chain's terms for the purchase the page offers (deployed-system.md §C9.5), the CMS figure
 * only while they load, when they fail or when nothing is for sale.
 */
export function ItemPrice({ nft, purchase }: { nft: Nft; purchase: CheckoutMode | null }) {
  const read = useCheckoutTerms(nft, purchase);
  if (read.data?.ok) return <ChainPrice terms={read.data.terms} cmsPrice={nft.price} />;
  return (
    <>
      <strong className="d-block fs-4">
        <UsdtPrice value={nft.price} unit="USDT" />
      </strong>
      <ApproxUsd usdt={nft.price} className="d-block small approx-usd" />
    </>
  );
}
