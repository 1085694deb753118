import { useTranslation } from 'react-i18next';
import { getConfig, type Address } from '@/config/env';
import { explorerTxUrl } from '@/config/explorer';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import { useAccountActivity } from '@/features/profile/api/get-account-activity';
import type { ActivityEntry } from '@/lib/chain/history/account-activity';
import { otherToken, tokenDecimals } from '@/lib/chain/swap-math';
import { formatDateTime, isoOfUnix } from '@/lib/format/dates';
import { Amount, AMOUNT_SLOT, TextWithAmount, UsdtPrice } from '@/components/amount';
import { NATURA_DECIMALS } from '@/config/tokens';

const UNIT = { usdt: 'USDT', natura: 'NAT' } as const;

/**
 * Activity: what the account did, from the chain, newest first — mints, purchases, sales, listings, releases,
 * stakes and unstakes of trusted-collection NFTs, staking payouts, and swap trades (as taker, or as the maker of a
 * filled order). Each row links its transaction on the explorer when the chain has one.
 */
export function ActivityTab({ account }: { account: Address | null }) {
  const { t, i18n } = useTranslation('profile');
  const query = useAccountActivity(account);
  if (query.isPending) return <LoadingSkeleton rows={5} />;
  if (query.isError) return <ErrorState message={t('activity.error')} onRetry={() => void query.refetch()} />;
  const { entries, names } = query.data;
  if (entries.length === 0) return <EmptyState variant="items" />;
  const lang = i18n.language;

  const item = (entry: ActivityEntry) => {
    if (entry.nft) {
      const name = names[entry.nft.contract.toLowerCase()] ?? entry.nft.contract;
      return `${name}#${entry.nft.tokenId.toString()}`;
    }
    if (entry.claim) {
      // The NFTs a payout was for, where the chain tells (an unstake's events, a direct claim's call data).
      return entry.claim.nfts
        .map((nft) => {
          const contract = nft.collection ?? getConfig().stakingPools.find((pool) => pool.pid === nft.pid)?.address;
          const name = contract ? (names[contract.toLowerCase()] ?? contract) : '';
          return `${name}#${nft.tokenId.toString()}`;
        })
        .join(', ');
    }
    if (entry.trade) {
      const { token } = entry.trade;
      // The display policy (docs/amounts.md): USDT as money, Natura with at most 4 decimals, prices with 3.
      const kind = token === 'usdt' ? 'money' : 'natura';
      return <Amount value={entry.trade.amountA} decimals={tokenDecimals(token)} kind={kind} unit={UNIT[token]} />;
    }
    return '';
  };
  const amount = (entry: ActivityEntry) => {
    if (entry.trade) {
      const { token, price } = entry.trade;
      const other = otherToken(token);
      return (
        <TextWithAmount
          text={t('activity.tradePrice', { price: AMOUNT_SLOT, unit: UNIT[token] })}
          amount={<Amount value={price} decimals={tokenDecimals(other)} kind="price" unit={UNIT[other]} />}
        />
      );
    }
    if (entry.usdt !== undefined) return <UsdtPrice value={entry.usdt} unit="USDT" />;
    if (entry.natura !== undefined)
      return <Amount value={entry.natura} decimals={NATURA_DECIMALS} kind="reward" unit="Natura" />;
    return '';
  };
  const action = (entry: ActivityEntry) =>
    entry.trade ? t(`activity.kind.trade_${entry.trade.role}`) : t(`activity.kind.${entry.kind}`);

  return (
    <div className="table-responsive surface">
      <table className="table table-dark mb-0 profile-activity">
        <caption className="visually-hidden">{t('activity.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.time')}</th>
            <th scope="col">{t('activity.action')}</th>
            <th scope="col">{t('activity.item')}</th>
            <th scope="col">{t('activity.amount')}</th>
            <th scope="col">{t('activity.transaction')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const link = explorerTxUrl(entry.transactionHash);
            return (
              <tr key={`${entry.transactionHash}-${entry.logIndex}-${entry.kind}`} data-kind={entry.kind}>
                <td data-label={t('activity.time')}>
                  {entry.time === null ? (
                    '—'
                  ) : (
                    <time dateTime={isoOfUnix(entry.time)}>{formatDateTime(entry.time, lang)}</time>
                  )}
                </td>
                <td data-label={t('activity.action')}>{action(entry)}</td>
                <td data-label={t('activity.item')}>{item(entry)}</td>
                <td data-label={t('activity.amount')}>{amount(entry)}</td>
                <td data-label={t('activity.transaction')}>
                  {link ? (
                    <a href={link} target="_blank" rel="noreferrer">
                      {t('activity.explorer')}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
