import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { planRelease } from '@/features/profile/tx/plan';
import { isListedBy } from '@/features/profile/tx/preflight';
import { releaseJob } from '@/features/profile/tx/bookkeeping';
import { getReadProvider } from '@/lib/chain/provider';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { useSession } from '@/lib/session/use-session';

/**
 * Take a listed NFT off the market (deployed-system.md §P4.6, §C5.4): first the chain
 * is asked whether this account still lists the item (deployed-system.md §C9.1; otherwise the user is told, no
 * prompt), then `releaseSale` through the shared action path, then nft_status 3 through the
 * outbox, then On Sale refreshes.
 */
export function useRelease(nft: Nft) {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();

  const start = () => {
    const config = getConfig();
    const title = t('release.job', { name: nft.tokenName });
    return action.start({
      title,
      preflight: async ({ account }) => {
        if (nft.itemId === null) return t('release.noItem');
        const listed = await isListedBy(getReadProvider(), config.addresses.marketplace, BigInt(nft.itemId), account);
        return listed ? null : t('release.notListed', { name: nft.tokenName });
      },
      plan: ({ signer }) =>
        Promise.resolve(
          planRelease(signer, { marketplace: config.addresses.marketplace, itemId: BigInt(nft.itemId ?? 0) }),
        ),
      bookkeeping: () => [releaseJob(nft.id, title)],
      invalidate: [
        queryKeys.chain.marketItems(),
        queryKeys.indexer.walletNfts(user?.address ?? '', 'collected'),
        ...(nft.collection?.contractAddress
          ? [queryKeys.chain.ownerOf(nft.collection.contractAddress, String(nft.tokenId))]
          : []),
      ],
    });
  };

  return { ...action, start };
}
