import { useTranslation } from 'react-i18next';
import { ShortAddress } from '@/components/address';
import { EmptyState } from '@/components/empty-state';
import { rowPerNatura, sideKey, TOKEN_UNIT } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { OneNaturaPrice, SwapFigure } from '@/features/swap/components/swap-figure';
import { TablePager, usePagedRows } from '@/features/swap/components/table-pager';
import { ORDER_STATUS } from '@/lib/chain/contracts/swap-order';
import type { SwapTrade } from '@/lib/chain/history/swap-history';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';

/**
 * Record: closed orders, newest first (deployed-system.md §C5.7). The same unit rules for all three
 * filters: Token and Amount in tokenA, Price/Token in the other token, each with its "≈ $". A filled order's
 * Time is the block time of its `SwapSuccess` (chain history; "…" while it is read, "—" when there is none).
 * A filled order's amount and price are those of its `SwapSuccess` (a later direct `updateOrder` can change the
 * stored order, contracts.md §9.4); without one (history not read, or not found) the stored figures, with a note
 * saying so. 25 rows a page, Natura's price read once for the table.
 */
export function RecordTable({
  rows,
  fillTimes,
  fills,
  timesPending,
}: {
  rows: OrderRow[];
  fillTimes: ReadonlyMap<number, number>;
  fills: ReadonlyMap<number, SwapTrade>;
  timesPending: boolean;
}) {
  const { t, i18n } = useTranslation('swap');
  const { shown, pages, current, setPage } = usePagedRows(rows);
  if (rows.length === 0) return <EmptyState variant="items" />;
  return (
    <OneNaturaPrice>
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
            {shown.map((stored) => {
              const filled = stored.status === ORDER_STATUS.filled;
              const time = filled ? fillTimes.get(stored.id) : undefined;
              const fill = filled ? fills.get(stored.id) : undefined;
              const row = fill ? { ...stored, amountA: fill.amountA, price: fill.price } : stored;
              const figuresNow = filled && !fill && !timesPending;
              return (
                <tr key={row.id} data-order-id={row.id}>
                  <td data-label={t('table.owner')}>
                    <ShortAddress address={row.owner} />
                  </td>
                  <td data-label={t('table.token')}>{t('table.deposited', { token: TOKEN_UNIT[row.token] })}</td>
                  <td data-label={t('table.listingType')}>{t(sideKey(row))}</td>
                  <td data-label={t('table.price')}>
                    <SwapFigure figure="price" value={rowPerNatura(row)} token="usdt" />
                  </td>
                  <td data-label={t('table.amount')}>
                    <SwapFigure figure="amount" value={row.amountA} token={row.token}>
                      {figuresNow ? (
                        <span className="d-block small text-body-secondary" data-testid="record-figures-now">
                          {t('table.figuresNow')}
                        </span>
                      ) : null}
                    </SwapFigure>
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
      <TablePager current={current} pages={pages} setPage={setPage} />
    </OneNaturaPrice>
  );
}
