import type { Address } from '@/config/env';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import {
  decodeAll,
  decodeItemCreated,
  decodeNftTransfer,
  decodeRoyaltyPaid,
  decodeTokenTransfer,
  type EventPlace,
  type ItemCreated,
  type NftTransfer,
} from '@/lib/chain/history/events';
import { tokenKey } from '@/lib/chain/history/event-place';
import type { HistoryReader } from '@/lib/chain/history/log-reader';
import { sameAddress } from '@/lib/format/address';

/**
 * What happened to the NFTs of a collection, from its `Transfer` events and the marketplace's `MarketItemCreated`
 * events (deployed-system.md §C9.1: sales and releases emit no marketplace event, but each moves the token out of
 * the marketplace). Each transfer is one event of the token's history:
 * - from the zero address: **mint**;
 * - into the marketplace: **listing**, with the item created in the same transaction (item id, seller, price);
 * - out of the marketplace to the seller of the token's newest listing: **release**;
 * - out of the marketplace to anyone else: **sale**; its price is what the buyer paid in USDT in that transaction
 *   and its royalty the marketplace's `RoyaltiesPaid`, both from the transaction's own logs (read when asked for);
 * - into / out of the staking contract: **stake** / **unstake**;
 * - anything else: a plain **transfer**.
 */

type NftEventKind = 'mint' | 'listing' | 'sale' | 'release' | 'stake' | 'unstake' | 'transfer';

export interface NftEvent extends EventPlace {
  kind: NftEventKind;
  contract: Address;
  tokenId: bigint;
  from: Address;
  to: Address;
  /** Listing: the item created by this transfer. Sale and release: the listing they ended. */
  item?: ItemCreated;
}

export interface NftHistoryContracts {
  marketplace: Address;
  staking: Address;
  usdt: Address;
}

/** Every event of the collection's tokens, oldest first (prices of sales are added by `withSalePrices`). */
export async function readCollectionHistory(
  reader: HistoryReader,
  collection: Address,
  contracts: NftHistoryContracts,
): Promise<NftEvent[]> {
  const [collectionLogs, marketLogs] = await Promise.all([
    reader.contractLogs(collection),
    reader.contractLogs(contracts.marketplace),
  ]);
  const transfers = decodeAll(collectionLogs, decodeNftTransfer);
  const itemsByTx = new Map<string, ItemCreated[]>();
  for (const item of decodeAll(marketLogs, decodeItemCreated)) {
    if (!sameAddress(item.nftContract, collection)) continue;
    const list = itemsByTx.get(item.transactionHash) ?? [];
    list.push(item);
    itemsByTx.set(item.transactionHash, list);
  }
  return classifyTransfers(transfers, itemsByTx, contracts);
}

/** The classification above, over transfers in chain order; pure (tests feed it decoded events). */
export function classifyTransfers(
  transfers: readonly NftTransfer[],
  itemsByTx: ReadonlyMap<string, readonly ItemCreated[]>,
  contracts: Pick<NftHistoryContracts, 'marketplace' | 'staking'>,
): NftEvent[] {
  const listing = new Map<string, ItemCreated>();
  return transfers.map((transfer): NftEvent => {
    const key = tokenKey(transfer.contract, transfer.tokenId);
    const base = { ...transfer };
    if (sameAddress(transfer.from, ZERO_ADDRESS)) return { ...base, kind: 'mint' };
    if (sameAddress(transfer.to, contracts.marketplace)) {
      const item = itemsByTx.get(transfer.transactionHash)?.find((created) => created.tokenId === transfer.tokenId);
      if (item) listing.set(key, item);
      return { ...base, kind: 'listing', item };
    }
    if (sameAddress(transfer.from, contracts.marketplace)) {
      const item = listing.get(key);
      listing.delete(key);
      const released = item !== undefined && sameAddress(item.seller, transfer.to);
      return { ...base, kind: released ? 'release' : 'sale', item };
    }
    if (sameAddress(transfer.to, contracts.staking)) return { ...base, kind: 'stake' };
    if (sameAddress(transfer.from, contracts.staking)) return { ...base, kind: 'unstake' };
    return { ...base, kind: 'transfer' };
  });
}

export interface SalePrice {
  /** USDT base units the buyer paid in the sale's transaction. */
  price: bigint;
  /** USDT base units of royalty the marketplace reported (`RoyaltiesPaid`), 0 without royalties. */
  royalty: bigint;
}

/**
 * The price of each sale from its own transaction's logs (one receipt per sale, batched and kept for good): the
 * USDT the buyer sent in it, and the marketplace's `RoyaltiesPaid` for that token. A mint's price likewise (the
 * USDT the minter paid). Keyed by transaction hash.
 */
export async function readPaidPrices(
  reader: HistoryReader,
  events: readonly NftEvent[],
  contracts: NftHistoryContracts,
): Promise<Map<string, SalePrice>> {
  const paid = events.filter((event) => event.kind === 'sale' || event.kind === 'mint');
  const prices = new Map<string, SalePrice>();
  await Promise.all(
    paid.map(async (event) => {
      const logs = await reader.transactionLogs(event.transactionHash);
      const price = decodeAll(logs, decodeTokenTransfer)
        .filter((transfer) => sameAddress(transfer.token, contracts.usdt) && sameAddress(transfer.from, event.to))
        .reduce((sum, transfer) => sum + transfer.value, 0n);
      const royalty = decodeAll(
        logs.filter((log) => sameAddress(log.address, contracts.marketplace)),
        decodeRoyaltyPaid,
      )
        .filter((royaltyPaid) => royaltyPaid.tokenId === event.tokenId)
        .reduce((sum, royaltyPaid) => sum + royaltyPaid.value, 0n);
      prices.set(event.transactionHash, { price, royalty });
    }),
  );
  return prices;
}

export { currentHolders, tokenKey } from '@/lib/chain/history/event-place';
