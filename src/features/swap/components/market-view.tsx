import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { FigureAmount } from '@/features/swap/components/swap-figure';
import { lastFilledPrice, marketSummary } from '@/features/swap/hooks/market';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import type { SwapTrade } from '@/lib/chain/history/swap-history';
import type { SwapTokens } from '@/lib/chain/swap-math';

// The depth tables load when asked for, after the book (issue 39's budget: the page's first paint does not wait for
// them, and the book stays the page's first table).
const DepthView = lazy(() =>
  import('@/features/swap/components/depth-view').then((module) => ({ default: module.DepthView })),
);

/**
 * The market view above the book (issue 39), in USDT per Natura: best ask (lowest price of an open order selling
 * Natura), best bid (highest of one buying it), the spread, the last trade (chain history, or until it is read the
 * last filled order of the book) and, on request, the depth, from the same read of the book as the tables below. Its
 * loading state is the book's; the book's error is said once, by the book.
 */
export function MarketView({
  orders,
  pending,
  trades,
  tokens,
}: {
  orders: readonly SwapOrder[] | undefined;
  pending: boolean;
  trades: readonly SwapTrade[] | undefined;
  tokens: SwapTokens;
}) {
  const { t } = useTranslation('swap');
  const [depthShown, setDepthShown] = useState(false);
  const { usdt, natura } = tokens;
  const summary = useMemo(() => (orders ? marketSummary(orders, { usdt, natura }) : null), [orders, usdt, natura]);
  const lastTrade = trades?.[0]?.usdtPerNatura ?? (orders ? lastFilledPrice(orders, tokens) : null);
  const price = (value: bigint | null) =>
    value === null ? t('market.none') : <FigureAmount figure="price" value={value} token="usdt" />;
  const body = () => {
    if (pending || !summary) return <LoadingSkeleton rows={2} />;
    const figures = [
      ['bestAsk', summary.bestAsk],
      ['bestBid', summary.bestBid],
      ['spread', summary.spread],
      ['lastTrade', lastTrade],
    ] as const;
    return (
      <>
        <dl className="swap-market-figures mb-2">
          {figures.map(([key, value]) => (
            <div key={key}>
              <dt className="small text-muted-tm">{t(`market.${key}`)}</dt>
              <dd className="mb-0 fw-bold" data-testid={`market-${key}`} data-value={value?.toString() ?? ''}>
                {price(value)}
              </dd>
            </div>
          ))}
        </dl>
        <Button
          variant="outline-light"
          size="sm"
          aria-expanded={depthShown}
          aria-controls="swap-depth"
          onClick={() => setDepthShown(!depthShown)}
        >
          {t(depthShown ? 'market.hideDepth' : 'market.showDepth')}
        </Button>
        {depthShown ? (
          <div id="swap-depth" className="mt-2">
            <Suspense fallback={<LoadingSkeleton rows={2} />}>
              <DepthView asks={summary.asks} bids={summary.bids} />
            </Suspense>
          </div>
        ) : null}
      </>
    );
  };
  return (
    <section className="surface swap-market mb-3 p-3" aria-labelledby="swap-market-title">
      <h2 id="swap-market-title" className="h6 mb-2">
        {t('market.title')}
      </h2>
      {body()}
    </section>
  );
}
