import type { ContractRunner, Log, Signer, TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import {
  address,
  bool,
  listOf,
  members,
  typedContract,
  uint,
  type Decoder,
} from '@/lib/chain/contracts/typed-contract';

/** The fixed-price NFT marketplace paid in USDT (deployed-system.md §C3 A). Item ids come from `MarketItemCreated`. */
export const MARKETPLACE_ABI = [
  'function fetchMarketItems() view returns (tuple(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[])',
  'function fetchItemsCreated() view returns (tuple(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[])',
  'function createMarketItem(address nftContract, uint256 tokenId, uint256 price)',
  'function createMarketSale(address nftContract, uint256 itemId, uint256 amountPaid)',
  'function releaseSale(uint256 itemId)',
  'event MarketItemCreated(uint256 indexed itemId, address indexed nftContract, uint256 indexed tokenId, address seller, address owner, uint256 price, bool sold)',
] as const;

export interface MarketItem {
  itemId: bigint;
  nftContract: Address;
  tokenId: bigint;
  seller: Address;
  owner: Address;
  /** USDT base units. */
  price: bigint;
  sold: boolean;
}

/** A `MarketItem` struct, from `fetchMarketItems()` or from the `MarketItemCreated` event's arguments. */
const marketItem: Decoder<MarketItem> = (value) => {
  const member = members(value);
  return {
    itemId: uint(member('itemId')),
    nftContract: address(member('nftContract')),
    tokenId: uint(member('tokenId')),
    seller: address(member('seller')),
    owner: address(member('owner')),
    price: uint(member('price')),
    sold: bool(member('sold')),
  };
};

const market = typedContract(MARKETPLACE_ABI, 'Marketplace', {
  fetchMarketItems: listOf(marketItem),
  fetchItemsCreated: listOf(marketItem),
});
const marketplaceInterface = market.iface;

/**
 * The items currently for sale (the collection page's "Buy" markers, the checkout's terms). The
 * deployed contract returns every released (deleted) item as an all-zero entry (deployed-system.md §C9.1); those are
 * skipped here, so no reader ever sees item id 0.
 */
export async function fetchMarketItems(runner: ContractRunner, marketplace: Address): Promise<MarketItem[]> {
  const items = await market.read(runner, marketplace, 'fetchMarketItems');
  return items.filter((item) => item.itemId !== 0n);
}

/**
 * The items `seller` created that still exist, sold or not (released ones are deleted), read as
 * `msg.sender = seller`. Unlike `fetchMarketItems` it counts before it allocates, so it keeps working
 * after a double sale has bricked that read (deployed-system.md §C9.1).
 */
export async function fetchItemsCreated(
  runner: ContractRunner,
  marketplace: Address,
  seller: Address,
): Promise<MarketItem[]> {
  // A view with no inputs takes one extra argument as the call's overrides: here its `from`.
  return market.read(runner, marketplace, 'fetchItemsCreated', [{ from: seller }]);
}

/** Lists `tokenId` for `price` USDT base units (the marketplace must be approved for the token). */
export function createMarketItem(
  signer: Signer,
  marketplace: Address,
  nftContract: Address,
  tokenId: bigint,
  price: bigint,
): PreparedWrite {
  return market.write(signer, marketplace, 'createMarketItem', [nftContract, tokenId, price]);
}

/** Buys item `itemId`; `amountPaid` is the asking price (approve that much USDT to the marketplace first). */
export function createMarketSale(
  signer: Signer,
  marketplace: Address,
  nftContract: Address,
  itemId: bigint,
  amountPaid: bigint,
): PreparedWrite {
  return market.write(signer, marketplace, 'createMarketSale', [nftContract, itemId, amountPaid]);
}

export function releaseSale(signer: Signer, marketplace: Address, itemId: bigint): PreparedWrite {
  return market.write(signer, marketplace, 'releaseSale', [itemId]);
}

export interface MarketItemCreated {
  itemId: bigint;
  nftContract: Address;
  tokenId: bigint;
  seller: Address;
  price: bigint;
}

const MARKET_ITEM_CREATED = marketplaceInterface.getEvent('MarketItemCreated');

/** topic0 of `MarketItemCreated` (item id, collection and token id are topics 1–3). */
export const MARKET_ITEM_CREATED_TOPIC = MARKET_ITEM_CREATED?.topicHash ?? '';

/** A `MarketItemCreated` log's item; null for a log of another shape. The caller checks the log's address. */
export function parseMarketItemCreated(log: { topics: readonly string[]; data: string }): MarketItemCreated | null {
  if (log.topics[0] !== MARKET_ITEM_CREATED_TOPIC) return null;
  const parsed = marketplaceInterface.parseLog({ topics: [...log.topics], data: log.data });
  if (!parsed) return null;
  const { itemId, nftContract, tokenId, seller, price } = marketItem(parsed.args);
  return { itemId, nftContract, tokenId, seller, price };
}

/**
 * The `MarketItemCreated` event the marketplace emitted in `receipt` (deployed-system.md §C5.3 step 3): only logs of
 * the marketplace address with the event's topic0 count, so a look-alike event from another
 * contract cannot inject an item id. Null when there is none.
 */
export function findMarketItemCreated(
  receipt: Pick<TransactionReceipt, 'logs'>,
  marketplace: Address,
): MarketItemCreated | null {
  const log = receipt.logs.find(
    (entry: Log) =>
      entry.address.toLowerCase() === marketplace.toLowerCase() && entry.topics[0] === MARKET_ITEM_CREATED_TOPIC,
  );
  return log ? parseMarketItemCreated(log) : null;
}
