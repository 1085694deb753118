import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ShortAddress } from '@/components/address';
import { EmptyState } from '@/components/empty-state';
import { rowPerNatura, sideKey, TOKEN_UNIT } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { FractionNote } from '@/features/swap/components/fraction-note';
import { OneNaturaPrice, SwapFigure } from '@/features/swap/components/swap-figure';
import { TablePager, usePagedRows } from '@/features/swap/components/table-pager';

export interface ListingsTableProps {
  rows: OrderRow[];
  onEdit: (row: OrderRow) => void;
  onCancel: (row: OrderRow) => void;
}

/**
 * Your Listings: the connected owner's open orders, newest first, each with Edit and Cancel; figures with "≈ $"
 * (Natura's price read once for the table). 25 rows a page, as the book.
 */
export function ListingsTable({ rows, onEdit, onCancel }: ListingsTableProps) {
  const { t } = useTranslation('swap');
  const { shown, pages, current, setPage } = usePagedRows(rows);
  if (rows.length === 0) return <EmptyState variant="items" />;
  return (
    <OneNaturaPrice>
      <div className="table-responsive surface swap-table">
        <table className="table table-dark mb-0">
          <caption className="visually-hidden">{t('table.listingsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.owner')}</th>
              <th scope="col">{t('table.price')}</th>
              <th scope="col">{t('table.token')}</th>
              <th scope="col">{t('table.amount')}</th>
              <th scope="col">{t('table.listingType')}</th>
              <th scope="col">{t('table.editCancel')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-order-id={row.id}>
                <td data-label={t('table.owner')}>
                  <ShortAddress address={row.owner} />
                </td>
                <td data-label={t('table.price')}>
                  <SwapFigure figure="price" value={rowPerNatura(row)} token="usdt" />
                </td>
                <td data-label={t('table.token')}>{t('table.deposited', { token: TOKEN_UNIT[row.token] })}</td>
                <td data-label={t('table.amount')}>
                  <SwapFigure figure="amount" value={row.amountA} token={row.token}>
                    <FractionNote row={row} />
                  </SwapFigure>
                </td>
                <td data-label={t('table.listingType')}>{t(sideKey(row))}</td>
                <td>
                  <div className="d-flex gap-2">
                    <Button
                      size="sm"
                      className="btn-main"
                      onClick={() => onEdit(row)}
                      aria-label={t('table.editOrder', { id: row.id })}
                    >
                      {t('table.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => onCancel(row)}
                      aria-label={t('table.cancelOrder', { id: row.id })}
                    >
                      {t('table.cancel')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePager current={current} pages={pages} setPage={setPage} />
    </OneNaturaPrice>
  );
}
