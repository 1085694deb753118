import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { amountText, priceText, TOKEN_UNIT } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { SwapFigure } from '@/features/swap/components/swap-figure';
import { ORDER_STATUS } from '@/lib/chain/contracts/swap-order';
import { otherToken } from '@/lib/chain/swap-math';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';

/**
 * Record: closed orders, newest first (deployed-system.md §C5.7). The same unit rules for all three
 * filters: Token and Amount in tokenA, Price/Token in the other token, each with its "≈ $". A filled order's
 * Time is the block time of its `SwapSuccess` (chain history; "…" while it is read, "—" when there is none).
 */
export function RecordTable({
  rows,
  fillTimes,
  timesPending,
}: {
  rows: OrderRow[];
  fillTimes: ReadonlyMap<number, number>;
  timesPending: boolean;
}) {
  const { t, i18n } = useTranslation('swap');
  if (rows.length === 0) return <EmptyState variant="items" />;
  return (
    <div className="table-responsive surface swap-table">
      <table className="table table-dark mb-0">
        <caption className="visually-hidden">{t('table.recordCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.owner')}</th>
            <th scope="col">{t('table.token')}</th>
            <th scope="col">{t('table.listingType')}</th>
            <th scope="col">{t('table.price')}</th>
            <th scope="col">{t('table.amount')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.time')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const filled = row.status === ORDER_STATUS.filled;
            const time = filled ? fillTimes.get(row.id) : undefined;
            return (
              <tr key={row.id} data-order-id={row.id}>
                <td data-label={t('table.owner')} className="text-break">
                  {row.owner}
                </td>
                <td data-label={t('table.token')}>{TOKEN_UNIT[row.token]}</td>
                <td data-label={t('table.listingType')}>
                  {t(row.orderType === 'buy' ? 'table.buying' : 'table.selling')}
                </td>
                <td data-label={t('table.price')}>
                  <SwapFigure text={priceText(row, i18n.language)} value={row.price} token={otherToken(row.token)} />
                </td>
                <td data-label={t('table.amount')}>
                  <SwapFigure text={amountText(row, i18n.language)} value={row.amountA} token={row.token} />
                </td>
                <td data-label={t('table.status')} className={filled ? 'text-success' : 'text-danger'}>
                  {t(filled ? 'table.successful' : 'table.cancelled')}
                </td>
                <td data-label={t('table.time')}>
                  {time !== undefined ? (
                    <time dateTime={isoOfUnix(time)}>{formatDateTime(time, i18n.language)}</time>
                  ) : filled && timesPending ? (
                    <span aria-label={t('table.timeLoading')}>…</span>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
