import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { planRelease } from '@/features/profile/tx/plan';
import { releaseJob } from '@/features/profile/tx/bookkeeping';
import { useChainAction } from '@/lib/tx/use-chain-action';
import type { Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';
import { useSession } from '@/lib/session/use-session';

/**
 * Take a listed NFT off the market (spec §4 "Release flow", contracts.md §5.4): `releaseSale`
 * through the shared action path, then nft_status 3 through the outbox, then On Sale refreshes.
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
      preflight: () => Promise.resolve(nft.itemId === null ? t('release.noItem') : null),
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
