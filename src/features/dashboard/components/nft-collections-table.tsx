import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { CollectionTrustLabel } from '@/components/collection-trust-label';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { CONTRACTS_DOCS_URL } from '@/features/dashboard/components/dashboard-links';
import type { CollectionRow } from '@/features/dashboard/api/figures';
import { useCollectionsTable } from '@/features/dashboard/hooks/use-collections-table';
import { USDT_DECIMALS } from '@/config/tokens';
import { formatAmount, type AmountStyle } from '@/lib/format/numbers';
import '@/features/dashboard/components/dashboard.css';

const NONE = '—';
const PRICE_COLUMN: AmountStyle = { places: 3, grouping: true };

function CollectionRows({ rows }: { rows: CollectionRow[] }) {
  const { t, i18n } = useTranslation('dashboard');
  // USDT with the spec's prefix and 3 decimals (contracts.md §6.1); a rounded figure opens its exact value.
  const usdt = (value: bigint | null) =>
    value === null ? (
      NONE
    ) : (
      <Amount
        value={value}
        decimals={USDT_DECIMALS}
        kind={PRICE_COLUMN}
        frame={(figure) => t('units.usdt', { value: figure })}
      />
    );
  const count = (value: bigint | null) =>
    value === null ? NONE : formatAmount(value, 0, { places: 0, grouping: true }, i18n.language);
  return rows.map((row) => (
    <tr key={row.id}>
      <th scope="row" data-label={t('table.collection')}>
        <Link to={`/colection/${row.id}`}>{row.name}</Link> <CollectionTrustLabel collection={row} />
      </th>
      <td data-label={t('table.totalValue')}>{usdt(row.totalValue)}</td>
      <td data-label={t('table.totalSupply')}>{count(row.totalSupply)}</td>
      <td data-label={t('table.startPrice')}>{usdt(row.startPrice)}</td>
      <td data-label={t('table.marketPrice')}>{usdt(row.marketPrice)}</td>
      <td data-label={t('table.lastTradePrice')}>{usdt(row.lastTradePrice)}</td>
    </tr>
  ));
}

/** "NFT Collections": one row per active featured collection, then the documentation link. */
export function NftCollectionsTable() {
  const { t } = useTranslation('dashboard');
  const table = useCollectionsTable();
  const headingId = useId();
  return (
    <section className="dashboard-collections" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-section-title">
        {t('table.title')}
      </h2>
      {table.status === 'pending' ? (
        <LoadingSkeleton rows={4} />
      ) : table.status === 'error' ? (
        <ErrorState message={t('table.error')} onRetry={table.retry} />
      ) : table.data.length === 0 ? (
        <EmptyState variant="itemsCapital" />
      ) : (
        <div className="table-responsive surface">
          <table className="table table-dark mb-0" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('table.collection')}</th>
                <th scope="col">{t('table.totalValue')}</th>
                <th scope="col">{t('table.totalSupply')}</th>
                <th scope="col">{t('table.startPrice')}</th>
                <th scope="col">{t('table.marketPrice')}</th>
                <th scope="col">{t('table.lastTradePrice')}</th>
              </tr>
            </thead>
            <tbody>
              <CollectionRows rows={table.data} />
            </tbody>
          </table>
        </div>
      )}
      <p className="dashboard-more">
        <a href={CONTRACTS_DOCS_URL} target="_blank" rel="noopener noreferrer">
          {t('moreDetails')}
        </a>
      </p>
    </section>
  );
}
