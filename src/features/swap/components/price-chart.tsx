import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import type { SwapTrade } from '@/lib/chain/history/swap-history';
import { formatDateTime } from '@/lib/format/dates';
import { UsdtPrice } from '@/components/amount';

/** How many of the last trades the chart draws. */
const CHART_TRADES = 30;

const HEIGHT = 140;

/**
 * The last trades' prices (USDT per Natura) over time, drawn with uPlot; its own chunk, imported by the swap page
 * only. The canvas is hidden from assistive technology: the same points are in a table read out instead.
 * Plotting needs numbers, so the drawn y values are floats; every figure shown as text stays bigint.
 */
export function PriceChart({ trades }: { trades: readonly SwapTrade[] }) {
  const { t, i18n } = useTranslation('swap');
  const box = useRef<HTMLDivElement>(null);
  // Oldest first, as a time axis needs.
  const points = useMemo(
    () =>
      trades
        .filter((trade) => trade.time !== null)
        .slice(0, CHART_TRADES)
        .reverse(),
    [trades],
  );

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = points.map((trade) => trade.time ?? 0);
    const ys = points.map((trade) => Number(trade.usdtPerNatura) / 1e6);
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: '#aaa', grid: { stroke: 'rgba(255,255,255,0.08)' } },
          { stroke: '#aaa', grid: { stroke: 'rgba(255,255,255,0.08)' }, size: 60 },
        ],
        series: [{}, { stroke: '#57c785', width: 2, points: { show: true, size: 6, fill: '#57c785' } }],
      },
      [xs, ys],
      element,
    );
    element.dataset.points = String(chart.data[0].length);
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [points]);

  return (
    <figure className="swap-price-chart mb-0" aria-label={t('trades.chartLabel', { count: points.length })}>
      <div ref={box} className="swap-price-chart-canvas" aria-hidden="true" data-testid="swap-price-chart" />
      <table className="visually-hidden">
        <caption>{t('trades.chartLabel', { count: points.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.time')}</th>
            <th scope="col">{t('trades.price')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((trade) => (
            <tr key={`${trade.transactionHash}-${trade.logIndex}`}>
              <td>{trade.time === null ? '' : formatDateTime(trade.time, i18n.language)}</td>
              <td>
                <UsdtPrice value={trade.usdtPerNatura} unit="USDT" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
