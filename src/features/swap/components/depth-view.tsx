import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { FigureAmount } from '@/features/swap/components/swap-figure';
import type { DepthLevel } from '@/features/swap/hooks/market';

/** How many price levels each side shows before "Show all". */
const LEVELS = 5;

/**
 * The depth of the book (issue 39): open orders aggregated by price (USDT per Natura), asks lowest first and bids
 * highest first, each level's amounts in Natura and USDT and its bar scaled to the largest level's Natura. Its own
 * chunk, loaded after the book.
 */
export function DepthView({ asks, bids }: { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] }) {
  const { t } = useTranslation('swap');
  const [all, setAll] = useState(false);
  if (asks.length === 0 && bids.length === 0) {
    return <p className="small mb-0">{t('market.empty')}</p>;
  }
  const largest = [...asks, ...bids].reduce((max, level) => (level.natura > max ? level.natura : max), 1n);
  // A bar's width in whole percent of the largest level (bigint in, a CSS length out).
  const width = (level: DepthLevel) => `${Number((level.natura * 100n) / largest)}%`;
  const side = (key: 'asks' | 'bids', levels: readonly DepthLevel[]) => (
    <div className="swap-depth-side">
      <table className={`table table-dark table-sm mb-0 swap-depth swap-depth-${key}`} data-testid={`depth-${key}`}>
        <caption className="small">{t(`market.${key}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('market.price')}</th>
            <th scope="col">{t('market.natura')}</th>
            <th scope="col">{t('market.usdt')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.length === 0 ? (
            <tr>
              <td colSpan={3} className="small">
                {t('market.none')}
              </td>
            </tr>
          ) : (
            (all ? levels : levels.slice(0, LEVELS)).map((level) => (
              <tr key={level.usdtPerNatura.toString()} data-price={level.usdtPerNatura.toString()}>
                <td style={{ backgroundSize: `${width(level)} 100%` }} className="swap-depth-bar">
                  <FigureAmount figure="price" value={level.usdtPerNatura} token="usdt" />
                </td>
                <td>
                  <FigureAmount figure="amount" value={level.natura} token="natura" />
                </td>
                <td>
                  <FigureAmount figure="amount" value={level.usdt} token="usdt" />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  const more = asks.length > LEVELS || bids.length > LEVELS;
  return (
    <>
      <div className="swap-depth-grid">
        {side('bids', bids)}
        {side('asks', asks)}
      </div>
      {more ? (
        <Button variant="link" size="sm" className="px-0" onClick={() => setAll(!all)}>
          {t(all ? 'market.fewer' : 'market.all')}
        </Button>
      ) : null}
    </>
  );
}
