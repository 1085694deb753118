import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { NftActivityQuery } from '@/features/nfts/api/get-nft-activity';
import type { PricedEvent } from '@/lib/chain/history/market-figures';
import { shortAddress } from '@/lib/format/address';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';
import { AMOUNT_SLOT, TextWithAmount, UsdtPrice } from '@/components/amount';

/** The account an event is about: a listing's seller, a sale's buyer, a release's or unstake's receiver. */
function counterparts(event: PricedEvent): { from: string; to: string } {
  if (event.kind === 'listing') return { from: event.from, to: event.to };
  if (event.kind === 'sale') return { from: event.item?.seller ?? event.from, to: event.to };
  return { from: event.from, to: event.to };
}

/**
 * The NFT's Activity (issue 38): mint, listing, sale (price, royalty), release, stake, unstake and plain transfers,
 * newest first, each with its block time and, where the chain has an explorer, a link to its transaction.
 */
export function NftActivity({ query, explorerUrl }: { query: NftActivityQuery; explorerUrl: string | undefined }) {
  const { t, i18n } = useTranslation('nft');
  const body = !query.trusted ? (
    <p className="text-muted-tm mb-0">{t('activity.untrusted')}</p>
  ) : query.isError ? (
    <ErrorState message={t('activity.error')} onRetry={() => void query.refetch()} />
  ) : query.isPending || !query.data ? (
    <LoadingSkeleton rows={3} />
  ) : query.data.length === 0 ? (
    <EmptyState variant="itemsCapital" />
  ) : (
    <ol className="list-unstyled mb-0 nft-activity-list">
      {query.data.map((event) => {
        const { from, to } = counterparts(event);
        const time = event.time === undefined ? '' : formatDateTime(event.time, i18n.language);
        return (
          <li key={`${event.transactionHash}:${event.logIndex}`} className="nft-activity-entry">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <strong>{t(`activity.kind.${event.kind}`)}</strong>
              {event.price !== undefined ? (
                <span className="nft-activity-price">
                  <TextWithAmount
                    text={t('card.price', { price: AMOUNT_SLOT })}
                    amount={<UsdtPrice value={event.price} />}
                  />
                </span>
              ) : null}
            </div>
            {event.kind === 'sale' && event.royalty !== undefined && event.royalty > 0n ? (
              <div className="small">
                <TextWithAmount
                  text={t('activity.royalty', { price: AMOUNT_SLOT })}
                  amount={<UsdtPrice value={event.royalty} />}
                />
              </div>
            ) : null}
            <div className="small text-muted-tm">
              <span title={from}>{shortAddress(from)}</span> → <span title={to}>{shortAddress(to)}</span>
            </div>
            <div className="small text-muted-tm d-flex flex-wrap gap-2">
              {time ? <time dateTime={isoOfUnix(event.time ?? 0)}>{time}</time> : null}
              {explorerUrl ? (
                <a href={`${explorerUrl}tx/${event.transactionHash}`} target="_blank" rel="noopener noreferrer">
                  {t('activity.explorer')}
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
  return (
    <section className="surface p-3 nft-activity" aria-labelledby="nft-activity-title">
      <h2 id="nft-activity-title" className="h5">
        {t('activity.title')}
      </h2>
      {body}
    </section>
  );
}
