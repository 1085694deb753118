import { isError, toBeHex, zeroPadValue, type ContractRunner } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import {
  fetchItemsCreated,
  fetchMarketItems,
  MARKET_ITEM_CREATED_TOPIC,
  parseMarketItemCreated,
  type MarketItem,
  type MarketItemCreated,
} from '@/lib/chain/contracts/marketplace';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { sameAddress } from '@/lib/format/address';

/**
 * The marketplace's listings read so that a bricked `fetchMarketItems()` (deployed-system.md §C9.1: after one
 * double sale it reverts with Panic(0x32), for everyone, for good) does not take Buy Now, the cards' labels, the
 * checkout's item lookup or Release down with it, and the same-token-id items a new listing would be priced by.
 * Both fall back on the marketplace's `MarketItemCreated` events (§C9.1a says what each read costs).
 */

/** The two node methods the event scans need besides eth_call (ethers' JSON-RPC provider has both). */
interface MarketLogSource {
  getBlockNumber(): Promise<number>;
  getLogs(filter: {
    address: string;
    topics: (string | null)[];
    fromBlock: number;
    toBlock: number;
  }): Promise<readonly { topics: readonly string[]; data: string }[]>;
}

export interface MarketScanOptions {
  /** Where eth_getLogs goes; default the app's read provider, loaded only when a scan is needed. */
  logs?: MarketLogSource;
  /** Default the configured `marketplaceLogs`. */
  startBlock?: number;
  maxRange?: number;
}

async function scanSettings(options: MarketScanOptions) {
  const configured = () => getConfig().marketplaceLogs;
  const logs = options.logs ?? (await import('@/lib/chain/provider')).getReadProvider();
  return {
    logs,
    startBlock: options.startBlock ?? configured().startBlock,
    maxRange: options.maxRange ?? configured().maxRange,
  };
}

/**
 * `MarketItemCreated` events of `marketplace` matching `topics` in [from, to], in ranges of at most `maxRange`
 * blocks. A node that refuses a range (too wide, too many results) is asked for its first half, down to one block;
 * only a one-block refusal fails the scan.
 */
async function scanCreated(
  source: MarketLogSource,
  marketplace: Address,
  topics: (string | null)[],
  from: number,
  to: number,
  maxRange: number,
): Promise<MarketItemCreated[]> {
  const found: MarketItemCreated[] = [];
  let size = Math.max(1, maxRange);
  let start = from;
  while (start <= to) {
    const end = Math.min(to, start + size - 1);
    let logs: Awaited<ReturnType<MarketLogSource['getLogs']>>;
    try {
      logs = await source.getLogs({ address: marketplace, topics, fromBlock: start, toBlock: end });
    } catch (error) {
      if (end === start) throw error;
      size = Math.ceil((end - start + 1) / 2);
      continue;
    }
    for (const log of logs) {
      const created = parseMarketItemCreated(log);
      if (created) found.push(created);
    }
    start = end + 1;
  }
  return found;
}

interface ScanCache {
  scannedTo: number;
  items: Map<bigint, MarketItemCreated>;
}

/** Every item created so far, by marketplace and start block: later reads only scan the blocks added since. */
const createdCache = new Map<string, ScanCache>();

/** Forgets the scanned events (tests: each test's chain starts again from its own blocks). */
export function resetMarketScans(): void {
  createdCache.clear();
}

async function allCreatedItems(marketplace: Address, options: MarketScanOptions): Promise<MarketItemCreated[]> {
  const { logs, startBlock, maxRange } = await scanSettings(options);
  const key = `${marketplace.toLowerCase()}:${startBlock}`;
  const head = await logs.getBlockNumber();
  let cache = createdCache.get(key);
  // A chain that went back (a reorg, a dev chain's snapshot) may have dropped items: scan again.
  if (!cache || cache.scannedTo > head) cache = { scannedTo: startBlock - 1, items: new Map() };
  const added = await scanCreated(logs, marketplace, [MARKET_ITEM_CREATED_TOPIC], cache.scannedTo + 1, head, maxRange);
  for (const item of added) cache.items.set(item.itemId, item);
  cache.scannedTo = head;
  createdCache.set(key, cache);
  return [...cache.items.values()];
}

/**
 * The live listings without the item counters: the newest item of each (collection, token id) from the events,
 * kept while the marketplace still holds that token (one batched `ownerOf` each). A sold, released or
 * double-sold item's token has left the marketplace, so its item drops out; a relisted token shows its newest item.
 */
async function listingsFromEvents(
  runner: ContractRunner,
  marketplace: Address,
  options: MarketScanOptions,
): Promise<MarketItem[]> {
  const newest = new Map<string, MarketItemCreated>();
  for (const item of await allCreatedItems(marketplace, options)) {
    const token = `${item.nftContract.toLowerCase()}:${item.tokenId.toString()}`;
    const seen = newest.get(token);
    if (!seen || seen.itemId < item.itemId) newest.set(token, item);
  }
  const candidates = [...newest.values()].sort((a, b) => (a.itemId < b.itemId ? -1 : 1));
  const owners = await Promise.all(candidates.map((item) => findOwnerOf(runner, item.nftContract, item.tokenId)));
  return candidates
    .filter((_, index) => sameAddress(owners[index], marketplace))
    .map((item) => ({ ...item, owner: ZERO_ADDRESS, sold: false }));
}

/**
 * The items for sale, as `fetchMarketItems` gives them (zero entries skipped). When that read reverts (bricked,
 * §C9.1) they come from the marketplace's events instead; node and network failures still throw.
 */
export async function readLiveMarketItems(
  runner: ContractRunner,
  marketplace: Address,
  options: MarketScanOptions = {},
): Promise<MarketItem[]> {
  try {
    return await fetchMarketItems(runner, marketplace);
  } catch (error) {
    if (!isError(error, 'CALL_EXCEPTION')) throw error;
  }
  return listingsFromEvents(runner, marketplace, options);
}

/**
 * Every marketplace item with token id `tokenId` that still exists, in any collection, sold or live: the
 * `MarketItemCreated` events with that token id (topic 3) name the sellers, and each seller's
 * `fetchItemsCreated()` says which of their items still exist (released ones are deleted) and at what price.
 * Not cached: a listing decision must see the items created a moment ago.
 */
export async function readSameTokenItems(
  runner: ContractRunner,
  marketplace: Address,
  tokenId: bigint,
  options: MarketScanOptions = {},
): Promise<MarketItem[]> {
  const { logs, startBlock, maxRange } = await scanSettings(options);
  const head = await logs.getBlockNumber();
  const topics = [MARKET_ITEM_CREATED_TOPIC, null, null, zeroPadValue(toBeHex(tokenId), 32)];
  const created = await scanCreated(logs, marketplace, topics, startBlock, head, maxRange);
  const sellers = [...new Map(created.map((item) => [item.seller.toLowerCase(), item.seller])).values()];
  const lists = await Promise.all(sellers.map((seller) => fetchItemsCreated(runner, marketplace, seller)));
  return lists.flat().filter((item) => item.tokenId === tokenId);
}

/** How a listing is exposed: anyone can take the NFT for `price` (USDT base units) through another item. */
export interface ListingExposure {
  price: bigint;
  /** The money would go to another seller (otherwise to the lister, through a cheaper item of theirs). */
  otherSeller: boolean;
}

/**
 * Whether a listing of a token with the token id of `items` by `seller` at `price` can be taken through another
 * item (deployed-system.md §C9.1: any item prices every token with its id): another seller's item at any price, or
 * one of the seller's own items at a lower price. `itemId` is the listing's own item when it exists already.
 * Null when it is safe.
 */
export function listingExposure(
  items: readonly MarketItem[],
  listing: { seller: Address; price: bigint; itemId?: bigint },
): ListingExposure | null {
  const threats = items.filter(
    (item) =>
      item.itemId !== listing.itemId && (!sameAddress(item.seller, listing.seller) || item.price < listing.price),
  );
  if (threats.length === 0) return null;
  const price = threats.map((item) => item.price).reduce((lowest, next) => (next < lowest ? next : lowest));
  return { price, otherSeller: threats.some((item) => !sameAddress(item.seller, listing.seller)) };
}
