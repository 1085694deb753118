import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useTranslation } from 'react-i18next';
import type { BookSide, RecordFilter } from '@/features/swap/hooks/orders';
import type { SwapToken } from '@/lib/chain/swap-math';

export type SwapView = 'book' | 'listings' | 'record';

// Loaded where a menu is shown (swap-menus.tsx); meanwhile its toggle is there, disabled.
const RecordFilterMenu = lazy(() => import('./swap-menus').then((module) => ({ default: module.RecordFilterMenu })));
const ManageMenu = lazy(() => import('./swap-menus').then((module) => ({ default: module.ManageMenu })));

export interface SwapToolbarProps {
  view: SwapView;
  side: BookSide;
  currency: SwapToken;
  filter: RecordFilter;
  connected: boolean;
  onSide: (side: BookSide) => void;
  onCurrency: (currency: SwapToken) => void;
  onView: (view: SwapView) => void;
  onFilter: (filter: RecordFilter) => void;
  onCreate: () => void;
}

/**
 * The swap toolbar (deployed-system.md §U12): Buy | Sell, USDT | Natura, Record (with its filter menu in
 * the Record view), then either the connect hint or "Manage your listings"; Back in the sub-views.
 */
export function SwapToolbar(props: SwapToolbarProps) {
  const { t } = useTranslation('swap');
  const { view, side, currency, filter, connected } = props;
  const toggle = <T extends string>(value: T, current: T, onChange: (value: T) => void, label: string) => (
    <Button
      key={value}
      size="sm"
      variant={value === current ? 'light' : 'outline-light'}
      aria-pressed={value === current}
      onClick={() => onChange(value)}
    >
      {label}
    </Button>
  );
  return (
    <div className="swap-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
      {view !== 'book' ? (
        <Button size="sm" variant="outline-light" onClick={() => props.onView('book')}>
          {t('toolbar.back')}
        </Button>
      ) : null}
      {view === 'book' ? (
        <>
          <ButtonGroup aria-label={t('toolbar.side')}>
            {toggle<BookSide>('buy', side, props.onSide, t('toolbar.buy'))}
            {toggle<BookSide>('sell', side, props.onSide, t('toolbar.sell'))}
          </ButtonGroup>
          <ButtonGroup aria-label={t('toolbar.currency')}>
            {toggle<SwapToken>('usdt', currency, props.onCurrency, t('toolbar.usdt'))}
            {toggle<SwapToken>('natura', currency, props.onCurrency, t('toolbar.natura'))}
          </ButtonGroup>
        </>
      ) : null}
      <Button
        size="sm"
        variant="link"
        className="swap-record-link"
        aria-current={view === 'record' ? 'page' : undefined}
        onClick={() => props.onView('record')}
      >
        {t('toolbar.record')}
      </Button>
      {view === 'record' ? (
        <Suspense
          fallback={
            <Button size="sm" variant="outline-light" className="dropdown-toggle" disabled>
              {t('toolbar.filter')}
            </Button>
          }
        >
          <RecordFilterMenu filter={filter} onFilter={props.onFilter} />
        </Suspense>
      ) : null}
      {connected ? (
        <>
          <span aria-hidden="true">|</span>
          <Suspense
            fallback={
              <Button size="sm" className="btn-main dropdown-toggle" disabled>
                {t('toolbar.manage')}
              </Button>
            }
          >
            <ManageMenu onCreate={props.onCreate} onListings={() => props.onView('listings')} />
          </Suspense>
        </>
      ) : (
        // Separator and hint in one span, so a narrow screen never wraps the bar on its own.
        <span className="small text-muted-tm">
          <span aria-hidden="true">| </span>
          <span>{t('toolbar.connectToCreate')}</span>
        </span>
      )}
    </div>
  );
}
