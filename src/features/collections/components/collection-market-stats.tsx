import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useCollectionMarket } from '@/features/collections/api/get-collection-market';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { floorOf } from '@/lib/chain/history/market-figures';
import { shortAddress } from '@/lib/format/address';
import { formatDateTime } from '@/lib/format/dates';
import { formatUsdt } from '@/lib/format/numbers';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

const NONE = '—';

/**
 * The collection's market from the chain, beside the spec's stats (issue 38): floor and listed count from the live
 * listings, owners and volume from its history, and its last sales. Only a trusted collection has any: another
 * contract's events could say anything.
 */
export function CollectionMarketStats({
  contract,
  listings,
}: {
  contract: string | null;
  /** The marketplace's live items (undefined while they load). */
  listings: readonly MarketItem[] | undefined;
}) {
  const { t, i18n } = useTranslation('collection');
  const market = useCollectionMarket(contract);
  if (!isTrustedCollection(contract)) return null;
  const floor = listings ? floorOf(listings, contract) : undefined;
  const usdt = (value: bigint) => t('market.usdt', { value: formatUsdt(value, i18n.language) });
  const loading = '…';
  return (
    <section className="collection-market surface p-3 mb-4" aria-labelledby="collection-market-title">
      <h2 id="collection-market-title" className="h5">
        {t('market.title')}
      </h2>
      <dl className="collection-stats my-2">
        <div>
          <dt>{t('market.floor')}</dt>
          <dd>{floor === undefined ? loading : floor.floor === null ? NONE : usdt(floor.floor)}</dd>
        </div>
        <div>
          <dt>{t('market.listed')}</dt>
          <dd>{floor === undefined ? loading : floor.listed}</dd>
        </div>
        <div>
          <dt>{t('market.owners')}</dt>
          <dd>{market.owners ?? (market.history.isError ? NONE : loading)}</dd>
        </div>
        <div>
          <dt>{t('market.volume')}</dt>
          <dd>{market.volume === undefined ? (market.history.isError ? NONE : loading) : usdt(market.volume)}</dd>
        </div>
      </dl>
      {market.history.isError ? (
        <ErrorState inline message={t('market.error')} onRetry={() => void market.history.refetch()} />
      ) : null}
      {market.recentSales.length > 0 ? (
        <>
          <h3 className="h6 mt-3">{t('market.lastSales')}</h3>
          <ul className="list-unstyled mb-0 collection-sales">
            {market.recentSales.map((sale) => (
              <li key={`${sale.transactionHash}:${sale.logIndex}`}>
                <span>{t('market.token', { id: sale.tokenId.toString() })}</span>{' '}
                <strong>{sale.price === undefined ? NONE : usdt(sale.price)}</strong>{' '}
                <span className="text-muted-tm">
                  {t('market.boughtBy', { buyer: shortAddress(sale.to) })}
                  {sale.time !== undefined ? ` · ${formatDateTime(sale.time, i18n.language)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
