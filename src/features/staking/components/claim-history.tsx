import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { getConfig, type Address } from '@/config/env';
import { explorerTxUrl } from '@/config/explorer';
import { useClaimHistory } from '@/features/staking/api/get-claim-history';
import { usePoolSummaries } from '@/features/staking/api/get-pool-summaries';
import type { ClaimedNft } from '@/lib/chain/history/staking-history';
import { sameAddress } from '@/lib/format/address';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';
import { RewardText } from '@/features/staking/components/reward-text';

/**
 * The account's rewards from the chain: every payout (claims, and the claim inside each unstake), newest first,
 * with its time, NFTs where known and amount, and the total earned so far. Loaded after the staked list.
 */
export function ClaimHistory({ account, enabled }: { account: Address; enabled: boolean }) {
  const { t, i18n } = useTranslation('staking');
  const history = useClaimHistory(account, enabled);
  const pools = usePoolSummaries();
  const nameOf = (nft: ClaimedNft) => {
    const pool = getConfig().stakingPools.find(
      (p) => p.pid === nft.pid || (nft.collection !== null && sameAddress(p.address, nft.collection)),
    );
    const name = pools.data?.find((summary) => summary.pid === pool?.pid)?.collectionName;
    return `${name ?? t('staked.unknownPool', { pid: pool?.pid ?? '?' })}#${nft.tokenId.toString()}`;
  };
  const body = () => {
    if (!enabled || history.isPending) return <LoadingSkeleton rows={3} />;
    if (history.isError) return <ErrorState message={t('history.error')} onRetry={() => void history.refetch()} />;
    const { claims, total } = history.data;
    return (
      <>
        <p className="mb-2" data-testid="staking-total-earned">
          {t('history.total')}{' '}
          <strong>
            <RewardText value={total} text={(slot) => t('natura', { amount: slot })} />
          </strong>
        </p>
        {claims.length === 0 ? (
          <p className="mb-0 small">{t('history.none')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-dark mb-0 staking-history-table">
              <caption className="visually-hidden">{t('history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.time')}</th>
                  <th scope="col">{t('history.nft')}</th>
                  <th scope="col">{t('history.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {claims.map((claim) => {
                  const link = explorerTxUrl(claim.transactionHash);
                  const when = claim.time === null ? '—' : formatDateTime(claim.time, i18n.language);
                  return (
                    <tr key={`${claim.transactionHash}-${claim.logIndex}`}>
                      <td data-label={t('history.time')}>
                        {claim.time === null ? (
                          when
                        ) : (
                          <time dateTime={isoOfUnix(claim.time)}>
                            {link ? (
                              <a href={link} target="_blank" rel="noreferrer">
                                {when}
                              </a>
                            ) : (
                              when
                            )}
                          </time>
                        )}
                      </td>
                      <td data-label={t('history.nft')}>
                        {claim.nfts.length === 0 ? '—' : claim.nfts.map(nameOf).join(', ')}
                        {claim.via === 'unstake' ? <span className="small"> ({t('history.viaUnstake')})</span> : null}
                      </td>
                      <td data-label={t('history.amount')}>
                        <RewardText value={claim.amount} text={(slot) => t('natura', { amount: slot })} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </>
    );
  };
  return (
    <section className="surface staking-history mt-4 p-3" aria-labelledby="staking-history-title">
      <h2 id="staking-history-title" className="h5">
        {t('history.title')}
      </h2>
      {body()}
    </section>
  );
}
