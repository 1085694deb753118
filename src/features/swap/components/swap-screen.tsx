import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { getConfig } from '@/config/env';
import { useSwapOrders } from '@/features/swap/api/get-swap-orders';
import { useSwapTrades } from '@/features/swap/api/get-swap-trades';
import { ListingsTable } from '@/features/swap/components/listings-table';
import { MarketView } from '@/features/swap/components/market-view';
import { OrderBookTable } from '@/features/swap/components/order-book-table';
import { RecordTable } from '@/features/swap/components/record-table';
import { SwapToolbar, type SwapView } from '@/features/swap/components/swap-toolbar';
import { TradeSummary } from '@/features/swap/components/trade-summary';
import { useSwapAlert } from '@/features/swap/hooks/use-swap-alert';
import {
  bookRows,
  listingRows,
  recordRows,
  type BookSide,
  type OrderRow,
  type RecordFilter,
} from '@/features/swap/hooks/orders';
import { afterNextPaint } from '@/lib/after-paint';
import { useChainSession } from '@/lib/tx/chain-session';
import { ORDER_STATUS } from '@/lib/chain/contracts/swap-order';
import { fillsByOrder, fillTimes } from '@/lib/chain/history/swap-history';
import type { SwapToken } from '@/lib/chain/swap-math';
import '@/features/swap/components/swap.css';

/**
 * The dialogs (and the transaction path behind them) load beside the page, not in front of it: the book shows as
 * soon as the page's own code and the read are in. They are fetched once the page is on screen, so a click finds
 * them loaded.
 */
const loadDialogs = {
  create: () => import('@/features/swap/components/create-listing-modal'),
  trade: () => import('@/features/swap/components/trade-dialog'),
  edit: () => import('@/features/swap/components/edit-listing-modal'),
  cancel: () => import('@/features/swap/components/cancel-listing-dialog'),
};
const CreateListingModal = lazy(() => loadDialogs.create().then((m) => ({ default: m.CreateListingModal })));
const TradeDialog = lazy(() => loadDialogs.trade().then((m) => ({ default: m.TradeDialog })));
const EditListingModal = lazy(() => loadDialogs.edit().then((m) => ({ default: m.EditListingModal })));
const CancelListingDialog = lazy(() => loadDialogs.cancel().then((m) => ({ default: m.CancelListingDialog })));

type Dialog =
  | { kind: 'create' }
  | { kind: 'trade'; order: OrderRow }
  | { kind: 'edit'; order: OrderRow }
  | { kind: 'cancel'; order: OrderRow };

/**
 * The swap page's content: toolbar, one line saying what the rows of the chosen tab are (which orders, and
 * what On-Sale and Purchasing mean there), the chosen view of the one `getOrders()` read, and its dialogs.
 */
export function SwapScreen({ initialView }: { initialView: SwapView }) {
  const { t } = useTranslation('swap');
  const session = useChainSession();
  const alert = useSwapAlert();
  const orders = useSwapOrders();
  // Chain history comes after the book, its lead content.
  const trades = useSwapTrades(orders.isSuccess);
  const [view, setView] = useState<SwapView>(initialView);
  const [side, setSide] = useState<BookSide>('buy');
  const [currency, setCurrency] = useState<SwapToken>('natura');
  const [filter, setFilter] = useState<RecordFilter>('all');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { addresses } = getConfig();
  const tokens = { usdt: addresses.usdt, natura: addresses.natura };
  const connected = Boolean(session.account);
  // Once per read of the trades, as the views are once per read of the book (hooks/orders.ts): a click recomputes nothing.
  const times = useMemo(() => fillTimes(trades.data ?? []), [trades.data]);
  const fills = useMemo(() => fillsByOrder(trades.data ?? []), [trades.data]);
  // Once the book is on screen (painted: the effect of a query's update runs before the paint), its dialogs' code is
  // fetched for the first click.
  useEffect(() => {
    if (orders.isSuccess) afterNextPaint(() => Object.values(loadDialogs).forEach((load) => void load()));
  }, [orders.isSuccess]);
  const close = () => {
    setDialog(null);
    void orders.refetch();
  };
  const cancel = (order: OrderRow) => {
    if (order.status === ORDER_STATUS.cancelled) {
      void alert({ icon: 'warning', title: 'alreadyCancelled', text: 'alreadyCancelled' });
      return;
    }
    setDialog({ kind: 'cancel', order });
  };

  const content = () => {
    if (orders.isPending) return <LoadingSkeleton rows={6} />;
    if (orders.isError && orders.data === undefined)
      return <ErrorState message={t('table.error')} onRetry={() => void orders.refetch()} />;
    const all = orders.data;
    if (view === 'record') {
      return (
        <RecordTable
          key={filter}
          rows={recordRows(all, tokens, filter, times)}
          fillTimes={times}
          fills={fills}
          timesPending={trades.isPending}
        />
      );
    }
    if (view === 'listings') {
      return (
        <ListingsTable
          rows={listingRows(all, tokens, session.account)}
          onEdit={(order) => setDialog({ kind: 'edit', order })}
          onCancel={cancel}
        />
      );
    }
    return (
      <OrderBookTable
        key={`${side}-${currency}`}
        rows={bookRows(all, tokens, side, currency)}
        side={side}
        currency={currency}
        connected={connected}
        account={session.account}
        onTrade={(order) => setDialog({ kind: 'trade', order })}
        onConnect={() => void session.connect()}
      />
    );
  };

  return (
    <div className="swap-screen">
      <SwapToolbar
        view={view}
        side={side}
        currency={currency}
        filter={filter}
        connected={connected}
        onSide={setSide}
        onCurrency={setCurrency}
        onView={setView}
        onFilter={setFilter}
        onCreate={() => setDialog({ kind: 'create' })}
      />
      {/* The market figures come from the book's read: without a book, the book's own error says it once. */}
      {orders.isError ? null : (
        <MarketView orders={orders.data} pending={orders.isPending} trades={trades.data} tokens={tokens} />
      )}
      {/* From the first paint, in its final height: the trades read (after the book) then moves nothing. Without a
          book (its read failed) the trades are not read either, and the panel would wait for nothing. */}
      {orders.isError ? null : (
        <TradeSummary trades={trades.data} status={trades.status} onRetry={() => void trades.refetch()} />
      )}
      <p className="swap-tab-line mb-2" data-testid="swap-tab-line">
        {t(view === 'book' ? `tabLine.${side}.${currency}` : `tabLine.${view}`)}
      </p>
      {orders.isError && orders.data !== undefined && (
        // The kept book (features/swap/api/get-swap-orders.ts) stays on screen, said to be as last read.
        <ErrorState inline message={t('table.refreshError')} onRetry={() => void orders.refetch()} />
      )}
      {content()}
      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? <CreateListingModal onHide={close} /> : null}
        {dialog?.kind === 'trade' ? <TradeDialog order={dialog.order} onHide={close} /> : null}
        {dialog?.kind === 'edit' ? <EditListingModal order={dialog.order} onHide={close} /> : null}
        {dialog?.kind === 'cancel' ? <CancelListingDialog order={dialog.order} onHide={close} /> : null}
      </Suspense>
    </div>
  );
}
