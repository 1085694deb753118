import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { amountText, priceText, TOKEN_UNIT } from '@/features/swap/components/order-format';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { FractionNote } from '@/features/swap/components/fraction-note';
import { SwapFigure } from '@/features/swap/components/swap-figure';
import { otherToken } from '@/lib/chain/swap-math';

export interface ListingsTableProps {
  rows: OrderRow[];
  onEdit: (row: OrderRow) => void;
  onCancel: (row: OrderRow) => void;
}

/** Your Listings: the connected owner's open orders, newest first, each with Edit and Cancel; figures with "≈ $". */
export function ListingsTable({ rows, onEdit, onCancel }: ListingsTableProps) {
  const { t, i18n } = useTranslation('swap');
  if (rows.length === 0) return <EmptyState variant="items" />;
  return (
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
          {rows.map((row) => (
            <tr key={row.id} data-order-id={row.id}>
              <td data-label={t('table.owner')} className="text-break">
                {row.owner}
              </td>
              <td data-label={t('table.price')}>
                <SwapFigure text={priceText(row, i18n.language)} value={row.price} token={otherToken(row.token)} />
              </td>
              <td data-label={t('table.token')}>{TOKEN_UNIT[row.token]}</td>
              <td data-label={t('table.amount')}>
                <SwapFigure text={amountText(row, i18n.language)} value={row.amountA} token={row.token}>
                  <FractionNote row={row} />
                </SwapFigure>
              </td>
              <td data-label={t('table.listingType')}>{row.orderType}</td>
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
  );
}
