import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { getConfig } from '@/config/env';
import type { NftActivityQuery } from '@/features/nfts/api/get-nft-activity';
import { matchCmsRows } from '@/lib/chain/history/market-figures';
import type { Nft, Transaction } from '@/lib/cms/types';
import { shortAddress } from '@/lib/format/address';
import { UsdtPrice } from '@/components/amount';

export function NftInfoPanels({ nft, explorerUrl }: { nft: Nft; explorerUrl: string | undefined }) {
  const { t } = useTranslation('nft');
  const contract = nft.collection?.contractAddress ?? null;
  return (
    <Accordion defaultActiveKey={['properties', 'details']} alwaysOpen className="nft-panels">
      <Accordion.Item eventKey="properties">
        <Accordion.Header as="h2">{t('detail.properties')}</Accordion.Header>
        <Accordion.Body>
          {nft.props.length === 0 ? (
            <p className="text-muted-tm mb-0">{t('detail.noProperties')}</p>
          ) : (
            <dl className="nft-props">
              {nft.props.map((prop) => (
                <div key={prop.id} className="nft-prop">
                  <dt>{prop.property}</dt>
                  <dd>{prop.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Accordion.Body>
      </Accordion.Item>
      <Accordion.Item eventKey="details">
        <Accordion.Header as="h2">{t('detail.details')}</Accordion.Header>
        <Accordion.Body>
          <dl className="nft-details">
            <div>
              <dt>{t('detail.contractAddress')}</dt>
              <dd>
                {contract && !explorerUrl ? (
                  shortAddress(contract)
                ) : contract ? (
                  <a
                    href={`${explorerUrl}address/${contract}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={contract}
                  >
                    {shortAddress(contract)}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>{t('detail.tokenId')}</dt>
              <dd>{nft.tokenId}</dd>
            </div>
            <div>
              <dt>{t('detail.tokenStandard')}</dt>
              <dd>{nft.tokenStandard || '—'}</dd>
            </div>
            <div>
              <dt>{t('detail.chain')}</dt>
              {/* The chain the app reads this NFT on (VITE_CHAIN_NAME), not the CMS record's chain_name. */}
              <dd>{getConfig().chainName}</dd>
            </div>
          </dl>
        </Accordion.Body>
      </Accordion.Item>
    </Accordion>
  );
}

interface TransactionsQuery {
  data: Transaction[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** What the chain says of one CMS row: confirmed, not found, or not known yet (history loading or failed). */
type RowCheck = 'onChain' | 'notFound' | 'checking' | 'unchecked';

function rowChecks(rows: readonly Transaction[], activity: NftActivityQuery): Map<number, RowCheck> {
  if (activity.trusted && activity.isError) return new Map(rows.map((row) => [row.id, 'unchecked']));
  if (activity.trusted && !activity.data) return new Map(rows.map((row) => [row.id, 'checking']));
  // An untrusted contract's events are not read: nothing it logs can confirm a row.
  const checked = matchCmsRows(rows, activity.data ?? []);
  return new Map(checked.map(({ row, event }) => [row.id, event ? 'onChain' : 'notFound']));
}

/**
 * The spec's Price History (From, To, Price, Description) from the CMS, each row checked against the chain's sales
 * and mints of this token (issue 38): a confirmed row is marked "on chain", any other is muted as "not found on
 * chain" and used nowhere else.
 */
export function PriceHistory({ query, activity }: { query: TransactionsQuery; activity: NftActivityQuery }) {
  const { t } = useTranslation('nft');
  const checks = query.data ? rowChecks(query.data, activity) : new Map<number, RowCheck>();
  return (
    <section className="surface p-3 price-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title" className="h5">
        {t('detail.priceHistory')}
      </h2>
      {query.isPending ? (
        <LoadingSkeleton rows={2} />
      ) : query.isError || !query.data ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="table-responsive">
          <table className="table table-dark table-sm mb-0">
            <thead>
              <tr>
                <th scope="col">{t('detail.from')}</th>
                <th scope="col">{t('detail.to')}</th>
                <th scope="col">{t('detail.price')}</th>
                <th scope="col">{t('detail.description')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.length === 0 ? (
                <tr>
                  <td colSpan={4}>
                    <EmptyState variant="itemsCapital" />
                  </td>
                </tr>
              ) : (
                query.data.map((tx) => {
                  const check = checks.get(tx.id) ?? 'checking';
                  return (
                    <tr key={tx.id} className={check === 'notFound' ? 'price-history-unconfirmed' : undefined}>
                      <td data-label={t('detail.from')} title={tx.fromAddress}>
                        {shortAddress(tx.fromAddress)}
                      </td>
                      <td data-label={t('detail.to')} title={tx.toAddress}>
                        {shortAddress(tx.toAddress)}
                      </td>
                      <td data-label={t('detail.price')}>
                        <UsdtPrice value={tx.price} />
                      </td>
                      <td data-label={t('detail.description')}>
                        {tx.description}{' '}
                        <span className={`price-history-check is-${check}`}>{t(`priceCheck.${check}`)}</span>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
