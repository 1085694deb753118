import type { Signer } from 'ethers';
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
import type { PlannedWrite } from '@/lib/tx/plan';
import { problemOr, type ChainAction, type Preflight } from '@/lib/tx/use-chain-action';

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

/** Who holds `nft` on chain is `account`. */
const holds = async (nft: IndexedNft, account: Address) =>
  sameAddress(await findOwnerOf(getReadProvider(), nft.contract, nft.tokenId), account);

/**
 * Issue 36's guard: null when listing `nft` at `price` as `seller` exposes nothing, else the user's words.
 * `replacing`: the seller's own item the listing replaces (a change of price releases it first).
 */
async function exposureProblem(
  nft: IndexedNft,
  seller: Address,
  price: bigint,
  { config, t, language }: ProfileContext,
  replacing?: bigint,
): Promise<string | null> {
  const exposure = await checkListingExposure(getReadProvider(), config.addresses.marketplace, {
    tokenId: nft.tokenId,
    seller,
    price,
    ...(replacing === undefined ? {} : { itemId: replacing }),
  });
  if (!exposure) return null;
  return t(exposure.otherSeller ? 'listing.exposed.otherSeller' : 'listing.exposed.ownCheaper', {
    tokenId: nft.tokenId.toString(),
    price: formatAmount(exposure.price, USDT_DECIMALS, { places: 'exact' }, language),
  });
}

/** Every check a listing of a held NFT passes before its step is handed to the wallet: held, not exposed. */
async function listingProblem(nft: IndexedNft, seller: Address, price: bigint, context: ProfileContext) {
  if (!(await holds(nft, seller))) return context.t('listing.notOwner');
  return exposureProblem(nft, seller, price, context);
}

const nameOf = (nft: IndexedNft) => nft.name ?? `#${nft.tokenId.toString()}`;

/** The listing's stored action: what its CMS rows need, written through the outbox once it is confirmed. */
function listingRecordAction(nft: IndexedNft, seller: Address, price: bigint, { config, user }: ProfileContext) {
  const name = nameOf(nft);
  return listingFlow.action({
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
    owner: seller,
    price: price.toString(),
  });
}

const listingInvalidates = (nft: IndexedNft, { user }: ProfileContext) => [
  queryKeys.indexer.walletNfts(user?.address ?? '', 'collected'),
  queryKeys.chain.marketItems(),
  queryKeys.chain.collectionHistory(nft.contract),
  queryKeys.chain.ownerOf(nft.contract, nft.tokenId.toString()),
];

/** The steps of one listing in a plan that does several actions: each step belongs to the listing's action. */
async function listingParts(
  signer: Signer,
  nft: IndexedNft,
  seller: Address,
  price: bigint,
  context: ProfileContext,
): Promise<PlannedWrite[]> {
  const steps = await planListing(signer, {
    marketplace: context.config.addresses.marketplace,
    nftContract: nft.contract,
    tokenId: nft.tokenId,
    price,
  });
  const action = listingRecordAction(nft, seller, price, context);
  return steps.map((write, index) =>
    index === steps.length - 1
      ? { ...write, part: { action, completes: true, recheck: () => listingProblem(nft, seller, price, context) } }
      : { ...write, part: { action, completes: false } },
  );
}

/**
 * List one of the wallet's NFTs at `price` (USDT base units; deployed-system.md §P4.5, §C5.3): the
 * chain is asked who holds the token and whether another marketplace item with its token id would let
 * anyone take it (§C9.1) before any prompt, then NFT approve for the marketplace (skipped when already
 * approved) → createMarketItem; the CMS rows follow through the outbox once the listing is confirmed.
 */
export function listingAction(nft: IndexedNft, price: bigint, context: ProfileContext): ChainAction<ListingTerms> {
  const { config, t } = context;
  return {
    preflight: async ({ account }): Promise<Preflight<ListingTerms>> =>
      problemOr(await listingProblem(nft, account, price, context), { seller: account, price }),
    plan: ({ signer }, terms) =>
      planListing(signer, {
        marketplace: config.addresses.marketplace,
        nftContract: nft.contract,
        tokenId: nft.tokenId,
        price: terms.price,
      }),
    // Right before createMarketItem, after the NFT approval was mined: the token may have moved meanwhile.
    recheck: async (_context, terms) => ((await holds(nft, terms.seller)) ? null : t('listing.notOwner')),
    action: (_context, terms) => listingRecordAction(nft, terms.seller, terms.price, context),
    invalidate: listingInvalidates(nft, context),
  };
}

/** The seller's live listing a change of price replaces: its marketplace item and its CMS row. */
export interface LiveListing {
  itemId: bigint;
  nftId: number;
}

/**
 * Change the price of one's own live listing (issue 40.1): ONE plan, named in full before the first prompt —
 * `releaseSale` of the old item, NFT approve (the transfer back cleared the approval, unless the marketplace
 * is approved for all), `createMarketItem` at the new price. Pre-flight asks the chain that this account still
 * lists the item and that the new price exposes nothing (issue 36's guard, the old item left out as it is
 * released first); the guard and the holder are read again before the new listing. The release's record
 * (status 3) is queued once it is confirmed and the new listing's once that is: when the relist is refused
 * or fails, the CMS says what the chain says — back in the wallet, not for sale.
 */
export function changePriceAction(
  nft: IndexedNft,
  listed: LiveListing,
  price: bigint,
  context: ProfileContext,
): ChainAction<ListingTerms> {
  const { config, t } = context;
  const name = nameOf(nft);
  return {
    preflight: async ({ account }) => {
      if (!(await isListedBy(getReadProvider(), config.addresses.marketplace, listed.itemId, account))) {
        return { ok: false, problem: t('release.notListed', { name }) };
      }
      return problemOr(await exposureProblem(nft, account, price, context, listed.itemId), { seller: account, price });
    },
    plan: async ({ signer }, terms) => {
      const release = planRelease(signer, { marketplace: config.addresses.marketplace, itemId: listed.itemId });
      const releaseAction = releaseFlow.action({ nftId: listed.nftId, name });
      return [
        ...release.map((write) => ({ ...write, part: { action: releaseAction, completes: true } })),
        ...(await listingParts(signer, nft, terms.seller, terms.price, context)),
      ];
    },
    action: (_context, terms) => listingRecordAction(nft, terms.seller, terms.price, context),
    invalidate: [...listingInvalidates(nft, context), queryKeys.cms.nft(listed.nftId)],
  };
}

/** One NFT of a bulk listing and its price. */
export interface BulkListingItem {
  nft: IndexedNft;
  price: bigint;
}

/** A check's words about one NFT of many, naming it. */
const aboutItem = (t: ProfileContext['t'], name: string, problem: string) => t('bulk.itemProblem', { name, problem });

/**
 * List several of the wallet's NFTs in one go (issue 40.2): each one is checked on chain (held, issue 36's
 * guard) before any prompt, then one plan of every listing's steps in order; each listing's record goes to
 * the outbox as soon as it is confirmed, and a rejection or failure stops the rest.
 */
export function bulkListingAction(
  items: readonly BulkListingItem[],
  context: ProfileContext,
): ChainAction<{ seller: Address }> {
  return {
    preflight: async ({ account }) => {
      for (const { nft, price } of items) {
        const problem = await listingProblem(nft, account, price, context);
        if (problem) return { ok: false, problem: aboutItem(context.t, nameOf(nft), problem) };
      }
      return { ok: true, terms: { seller: account } };
    },
    plan: async ({ signer }, { seller }) => {
      const plan: PlannedWrite[] = [];
      // One after the other: each approval is read on chain when the plan is made.
      for (const { nft, price } of items) plan.push(...(await listingParts(signer, nft, seller, price, context)));
      return plan;
    },
    action: (_context, { seller }) => {
      const last = items[items.length - 1];
      if (!last) throw new Error('A bulk listing needs at least one NFT.');
      return listingRecordAction(last.nft, seller, last.price, context);
    },
    invalidate: items.flatMap(({ nft }) => listingInvalidates(nft, context)),
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

/**
 * Take several listings off the market in one go (issue 40.2): each is checked on chain (still listed by this
 * account) before any prompt, then one `releaseSale` after the other; each release's record goes to the outbox
 * as soon as it is confirmed, and a rejection or failure stops the rest.
 */
export function bulkReleaseAction(nfts: readonly Nft[], context: ProfileContext): ChainAction<{ itemIds: bigint[] }> {
  const { config, t } = context;
  return {
    preflight: async ({ account }) => {
      const itemIds: bigint[] = [];
      for (const nft of nfts) {
        const itemId = nft.itemId === null ? null : BigInt(nft.itemId);
        const listed =
          itemId !== null && (await isListedBy(getReadProvider(), config.addresses.marketplace, itemId, account));
        if (itemId === null || !listed) {
          const problem = itemId === null ? t('release.noItem') : t('release.notListed', { name: nft.tokenName });
          return { ok: false, problem: aboutItem(t, nft.tokenName, problem) };
        }
        itemIds.push(itemId);
      }
      return { ok: true, terms: { itemIds } };
    },
    plan: ({ signer }, { itemIds }) =>
      Promise.resolve(
        nfts.flatMap((nft, index) =>
          planRelease(signer, { marketplace: config.addresses.marketplace, itemId: itemIds[index] ?? 0n }).map(
            (write) => ({
              ...write,
              part: { action: releaseFlow.action({ nftId: nft.id, name: nft.tokenName }), completes: true },
            }),
          ),
        ),
      ),
    action: () => {
      const last = nfts[nfts.length - 1];
      if (!last) throw new Error('A bulk release needs at least one NFT.');
      return releaseFlow.action({ nftId: last.id, name: last.tokenName });
    },
    invalidate: [
      queryKeys.chain.marketItems(),
      queryKeys.indexer.walletNfts(context.user?.address ?? '', 'collected'),
      ...nfts.flatMap((nft) =>
        nft.collection?.contractAddress
          ? [
              queryKeys.chain.ownerOf(nft.collection.contractAddress, String(nft.tokenId)),
              queryKeys.chain.collectionHistory(nft.collection.contractAddress),
            ]
          : [],
      ),
    ],
  };
}
