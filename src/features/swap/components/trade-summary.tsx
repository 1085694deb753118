import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { SwapTrade } from '@/lib/chain/history/swap-history';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';
import { UsdtPrice } from '@/components/amount';

// uPlot comes with the chart only: its own chunk, fetched once the trades are read.
const PriceChart = lazy(() =>
  import('@/features/swap/components/price-chart').then((module) => ({ default: module.PriceChart })),
);

/**
 * Above the book: the last trade's price (USDT per Natura, whichever token its maker deposited) with its time, and
 * a small chart of the last trades. Chain history, loaded after the book.
 */
export function TradeSummary({
  trades,
  status,
  onRetry,
}: {
  trades: readonly SwapTrade[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('swap');
  const body = () => {
    if (status === 'pending') return <LoadingSkeleton rows={2} />;
    if (status === 'error' || !trades) return <ErrorState inline message={t('trades.error')} onRetry={onRetry} />;
    const last = trades[0];
    if (!last) return <p className="mb-0 small">{t('trades.none')}</p>;
    return (
      <>
        <p className="mb-1" data-testid="swap-last-trade">
          {t('trades.last')}{' '}
          <strong>
            <UsdtPrice value={last.usdtPerNatura} unit="USDT" />
          </strong>{' '}
          <span className="small">{t('trades.perNatura')}</span>
          {last.time !== null ? (
            <>
              {' · '}
              <time className="small" dateTime={isoOfUnix(last.time)}>
                {formatDateTime(last.time, i18n.language)}
              </time>
            </>
          ) : null}
        </p>
        <Suspense fallback={<div className="swap-price-chart-canvas" />}>
          <PriceChart trades={trades} />
        </Suspense>
      </>
    );
  };
  return (
    <section className="surface swap-trades mb-3 p-3" aria-labelledby="swap-trades-title">
      <h2 id="swap-trades-title" className="h6 mb-2">
        {t('trades.title')}
      </h2>
      <div className="swap-trades-body">{body()}</div>
    </section>
  );
}
