import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ShortAddress } from '@/components/address';
import { EmptyState } from '@/components/empty-state';
import { rowPerNatura } from '@/features/swap/components/order-format';
import type { BookSide, OrderRow } from '@/features/swap/hooks/orders';
import type { SwapToken } from '@/lib/chain/swap-math';
import { sameAddress } from '@/lib/format/address';
import { FractionNote } from '@/features/swap/components/fraction-note';
import { OneNaturaPrice, SwapFigure } from '@/features/swap/components/swap-figure';
import { TablePager, usePagedRows } from '@/features/swap/components/table-pager';
import { otherToken, takerCost } from '@/lib/chain/swap-math';

export interface OrderBookTableProps {
  rows: OrderRow[];
  side: BookSide;
  currency: SwapToken;
  connected: boolean;
  /** The connected account: its own orders get no Trade button. */
  account: string | null;
  onTrade: (row: OrderRow) => void;
  onConnect: () => void;
}

/**
 * The order book of one tab (deployed-system.md §C5.7): Owner, Price/Token, Token, then On-Sale and
 * Purchasing (Purchasing first on the Sell tabs), Trade. 25 rows a page. Purchasing is P of deployed-system.md §C9.4
 * (price × whole tokens); an order holding a fraction of a token says the fraction is not charged.
 * No Trade on one's own order (the book holds open orders only). Prices and amounts carry their "≈ $".
 */
export function OrderBookTable({ rows, side, currency, connected, account, onTrade, onConnect }: OrderBookTableProps) {
  const { t } = useTranslation('swap');
  const { shown, pages, current, setPage } = usePagedRows(rows);
  if (rows.length === 0) return <EmptyState variant="items" />;
  const onSale = (row: OrderRow) => (
    <td key="onSale" data-label={t('table.onSale')}>
      <SwapFigure figure="amount" value={row.amountA} token={row.token}>
        <FractionNote row={row} />
      </SwapFigure>
    </td>
  );
  const purchasing = (row: OrderRow) => (
    <td key="purchasing" data-label={t('table.purchasing')}>
      <SwapFigure figure="amount" value={takerCost(row, row.token)} token={otherToken(row.token)} />
    </td>
  );
  const headers = side === 'buy' ? ['onSale', 'purchasing'] : ['purchasing', 'onSale'];
  return (
    <OneNaturaPrice>
      <div className="table-responsive surface swap-table">
        <table className="table table-dark mb-0">
          <caption className="visually-hidden">{t('table.bookCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.owner')}</th>
              <th scope="col">{t('table.price')}</th>
              <th scope="col">{t('table.token')}</th>
              {headers.map((key) => (
                <th scope="col" key={key}>
                  {t(`table.${key}`)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('table.trade')}</span>
              </th>
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
                <td data-label={t('table.token')}>{t(`toolbar.${currency}`)}</td>
                {side === 'buy' ? [onSale(row), purchasing(row)] : [purchasing(row), onSale(row)]}
                <td>
                  {account && sameAddress(row.owner, account) ? (
                    <span className="small text-muted-tm">{t('table.yours')}</span>
                  ) : connected ? (
                    <Button
                      size="sm"
                      className="btn-main"
                      onClick={() => onTrade(row)}
                      aria-label={t('table.tradeOrder', { id: row.id })}
                    >
                      {t('table.trade')}
                    </Button>
                  ) : (
                    <Button size="sm" className="btn-main" onClick={onConnect}>
                      {t('table.connect')}
                    </Button>
                  )}
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
