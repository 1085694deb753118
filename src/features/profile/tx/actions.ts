import type { TFunction } from 'i18next';
import type { Address, AppConfig } from '@/config/env';
import { USDT_DECIMALS } from '@/config/tokens';
import { listingFlow, releaseFlow } from '@/features/profile/tx/flow';
import { planListing, planRelease } from '@/features/profile/tx/plan';
import { checkListingExposure, isListedBy } from '@/features/profile/tx/preflight';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { getReadProvider } from '@/lib/chain/provider';
import type { Nft } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { formatAmount } from '@/lib/format/numbers';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { queryKeys } from '@/lib/query/keys';
import type { ChainAction, Preflight } from '@/lib/tx/use-chain-action';

interface ProfileContext {
  config: AppConfig;
  t: TFunction<'profile'>;
  language: string;
  /** The signed-in CMS user (its id and address), when there is one. */
  user: { id: number; address: string } | null;
}

/** What a listing's pre-flight established: the account holds the token, and listing it at this price exposes nothing. */
interface ListingTerms {
  seller: Address;
  price: bigint;
}

/**
 * List one of the wallet's NFTs at `price` (USDT base units; deployed-system.md §P4.5, §C5.3): the
 * chain is asked who holds the token and whether another marketplace item with its token id would let
 * anyone take it (§C9.1) before any prompt, then NFT approve for the marketplace (skipped when already
 * approved) → createMarketItem; the CMS rows follow through the outbox once the listing is confirmed.
 */
export function listingAction(
  nft: IndexedNft,
  price: bigint,
  { config, t, language, user }: ProfileContext,
): ChainAction<ListingTerms> {
  const name = nft.name ?? `#${nft.tokenId.toString()}`;
  const ownerIs = async (account: Address) =>
    sameAddress(await findOwnerOf(getReadProvider(), nft.contract, nft.tokenId), account);
  return {
    preflight: async ({ account }): Promise<Preflight<ListingTerms>> => {
      if (!(await ownerIs(account))) return { ok: false, problem: t('listing.notOwner') };
      const exposure = await checkListingExposure(getReadProvider(), config.addresses.marketplace, {
        tokenId: nft.tokenId,
        seller: account,
        price,
      });
      if (!exposure) return { ok: true, terms: { seller: account, price } };
      return {
        ok: false,
        problem: t(exposure.otherSeller ? 'listing.exposed.otherSeller' : 'listing.exposed.ownCheaper', {
          tokenId: nft.tokenId.toString(),
          price: formatAmount(exposure.price, USDT_DECIMALS, { places: 'exact' }, language),
        }),
      };
    },
    plan: ({ signer }, terms) =>
      planListing(signer, {
        marketplace: config.addresses.marketplace,
        nftContract: nft.contract,
        tokenId: nft.tokenId,
        price: terms.price,
      }),
    // Right before createMarketItem, after the NFT approval was mined: the token may have moved meanwhile.
    recheck: async (_context, terms) => ((await ownerIs(terms.seller)) ? null : t('listing.notOwner')),
    action: (_context, terms) =>
      listingFlow.action({
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
        owner: terms.seller,
        price: terms.price.toString(),
      }),
    invalidate: [
      queryKeys.indexer.walletNfts(user?.address ?? '', 'collected'),
      queryKeys.chain.marketItems(),
      queryKeys.chain.collectionHistory(nft.contract),
      queryKeys.chain.ownerOf(nft.contract, nft.tokenId.toString()),
    ],
  };
}

/**
 * Take a listed NFT off the market (deployed-system.md §P4.6, §C5.4): first the chain is asked whether
 * this account still lists the item (§C9.1; otherwise the user is told, no prompt), then `releaseSale`,
 * then nft_status 3 through the outbox.
 */
export function releaseAction(nft: Nft, { config, t, user }: ProfileContext): ChainAction<{ itemId: bigint }> {
  return {
    preflight: async ({ account }) => {
      if (nft.itemId === null) return { ok: false, problem: t('release.noItem') };
      const itemId = BigInt(nft.itemId);
      const listed = await isListedBy(getReadProvider(), config.addresses.marketplace, itemId, account);
      return listed
        ? { ok: true, terms: { itemId } }
        : { ok: false, problem: t('release.notListed', { name: nft.tokenName }) };
    },
    plan: ({ signer }, terms) =>
      Promise.resolve(planRelease(signer, { marketplace: config.addresses.marketplace, itemId: terms.itemId })),
    action: () => releaseFlow.action({ nftId: nft.id, name: nft.tokenName }),
    invalidate: [
      queryKeys.chain.marketItems(),
      queryKeys.indexer.walletNfts(user?.address ?? '', 'collected'),
      ...(nft.collection?.contractAddress
        ? [
            queryKeys.chain.ownerOf(nft.collection.contractAddress, String(nft.tokenId)),
            queryKeys.chain.collectionHistory(nft.collection.contractAddress),
          ]
        : []),
    ],
  };
}
