import { useTranslation } from 'react-i18next';
import { getConfig } from '@/config/env';
import { planListing } from '@/features/profile/tx/plan';
import { checkListingExposure } from '@/features/profile/tx/preflight';
import { listingJob } from '@/features/profile/tx/bookkeeping';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { getReadProvider } from '@/lib/chain/provider';
import { useChainAction } from '@/lib/tx/use-chain-action';
import { sameAddress } from '@/lib/format/address';
import { formatAmount, USDT_DECIMALS } from '@/lib/format/numbers';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { queryKeys } from '@/lib/query/keys';
import { useSession } from '@/lib/session/use-session';

/**
 * List one of the wallet's NFTs at `price` (USDT base units) through the shared action path
 * (deployed-system.md §P4.5, §C5.3): the chain is asked who holds the token and whether another marketplace item
 * with its token id would let anyone take it (§C9.1) before any prompt, then NFT approve for the marketplace (skipped when already approved) → createMarketItem;
 * the CMS rows follow through the outbox once the listing is confirmed.
 */
export function useListing(nft: IndexedNft) {
  const { t, i18n } = useTranslation('profile');
  const { user } = useSession();
  const action = useChainAction();
  const name = nft.name ?? `#${nft.tokenId.toString()}`;

  const start = (price: bigint) => {
    const config = getConfig();
    const title = t('listing.job', { name });
    return action.start({
      title,
      preflight: async ({ account }) => {
        const owner = await findOwnerOf(getReadProvider(), nft.contract, nft.tokenId);
        if (!sameAddress(owner, account)) return t('listing.notOwner');
        const exposure = await checkListingExposure(getReadProvider(), config.addresses.marketplace, {
          tokenId: nft.tokenId,
          seller: account,
          price,
        });
        if (!exposure) return null;
        return t(exposure.otherSeller ? 'listing.exposed.otherSeller' : 'listing.exposed.ownCheaper', {
          tokenId: nft.tokenId.toString(),
          price: formatAmount(exposure.price, USDT_DECIMALS, { places: 'exact' }, i18n.language),
        });
      },
      plan: ({ signer }) =>
        planListing(signer, {
          marketplace: config.addresses.marketplace,
          nftContract: nft.contract,
          tokenId: nft.tokenId,
          price,
        }),
      // Right before createMarketItem, after the NFT approval was mined: the token may have moved meanwhile.
      recheck: async ({ account }) => {
        const owner = await findOwnerOf(getReadProvider(), nft.contract, nft.tokenId);
        return sameAddress(owner, account) ? null : t('listing.notOwner');
      },
      bookkeeping: ({ account }) => [
        listingJob(
          {
            userId: user?.id ?? 0,
            chainId: config.chainId,
            chainName: config.chainName,
            contractAddress: nft.contract,
            collectionName: nft.collectionName ?? name,
            tokenId: Number(nft.tokenId),
            tokenName: name,
            tokenStandard: nft.contractType,
            description: nft.description ?? '',
            imageUrl: nft.image ?? '',
            owner: account,
            price,
          },
          title,
        ),
      ],
      invalidate: [
        queryKeys.indexer.walletNfts(user?.address ?? '', 'collected'),
        queryKeys.chain.marketItems(),
        queryKeys.chain.ownerOf(nft.contract, nft.tokenId.toString()),
      ],
    });
  };

  return { ...action, start };
}
