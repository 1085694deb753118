import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import type { BookSide, RecordFilter } from '@/features/swap/hooks/orders';
import type { SwapToken } from '@/lib/chain/swap-math';

export type SwapView = 'book' | 'listings' | 'record';

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
        <Dropdown onSelect={(key) => props.onFilter((key ?? 'all') as RecordFilter)}>
          <Dropdown.Toggle size="sm" variant="outline-light" aria-label={t('toolbar.filter')}>
            {t(
              filter === 'all'
                ? 'toolbar.filterAll'
                : filter === 'cancelled'
                  ? 'toolbar.filterCancelled'
                  : 'toolbar.filterSuccessful',
            )}
          </Dropdown.Toggle>
          <Dropdown.Menu variant="dark">
            <Dropdown.Item eventKey="all" active={filter === 'all'}>
              {t('toolbar.filterAll')}
            </Dropdown.Item>
            <Dropdown.Item eventKey="cancelled" active={filter === 'cancelled'}>
              {t('toolbar.filterCancelled')}
            </Dropdown.Item>
            <Dropdown.Item eventKey="successful" active={filter === 'successful'}>
              {t('toolbar.filterSuccessful')}
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      ) : null}
      {connected ? (
        <>
          <span aria-hidden="true">|</span>
          <Dropdown>
            <Dropdown.Toggle size="sm" className="btn-main">
              {t('toolbar.manage')}
            </Dropdown.Toggle>
            <Dropdown.Menu variant="dark">
              <Dropdown.Item as="button" onClick={props.onCreate}>
                {t('toolbar.create')}
              </Dropdown.Item>
              <Dropdown.Item as="button" onClick={() => props.onView('listings')}>
                {t('toolbar.listings')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
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
