import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { getConfig } from '@/config/env';
import type { Nft, Transaction } from '@/lib/cms/types';
import { shortAddress } from '@/lib/format/address';
import { formatUsdt } from '@/lib/format/numbers';

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

export function PriceHistory({ query }: { query: TransactionsQuery }) {
  const { t, i18n } = useTranslation('nft');
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
                query.data.map((tx) => (
                  <tr key={tx.id}>
                    <td data-label={t('detail.from')} title={tx.fromAddress}>
                      {shortAddress(tx.fromAddress)}
                    </td>
                    <td data-label={t('detail.to')} title={tx.toAddress}>
                      {shortAddress(tx.toAddress)}
                    </td>
                    <td data-label={t('detail.price')}>{formatUsdt(tx.price, i18n.language)}</td>
                    <td data-label={t('detail.description')}>{tx.description}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
