import { Interface, type ContractRunner, type Log, type Signer, type TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { asAddress, prepareWrite, readContract, type PreparedWrite } from '@/lib/chain/contract-call';

/** The fixed-price NFT marketplace paid in USDT (§3 A). Item ids come from `MarketItemCreated`. */
export const MARKETPLACE_ABI = [
  'function fetchMarketItems() view returns (tuple(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[])',
  'function createMarketItem(address nftContract, uint256 tokenId, uint256 price)',
  'function createMarketSale(address nftContract, uint256 itemId, uint256 amountPaid)',
  'function releaseSale(uint256 itemId)',
  'event MarketItemCreated(uint256 indexed itemId, address indexed nftContract, uint256 indexed tokenId, address seller, address owner, uint256 price, bool sold)',
] as const;

const marketplaceInterface = new Interface(MARKETPLACE_ABI);

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

interface RawMarketItem {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
  owner: string;
  price: bigint;
  sold: boolean;
}

const toMarketItem = (raw: RawMarketItem): MarketItem => ({
  itemId: raw.itemId,
  nftContract: asAddress(raw.nftContract),
  tokenId: raw.tokenId,
  seller: asAddress(raw.seller),
  owner: asAddress(raw.owner),
  price: raw.price,
  sold: raw.sold,
});

/**
 * The items currently for sale (the collection page's "Buy" markers, the checkout's terms). The
 * deployed contract returns every released (deleted) item as an all-zero entry (§9.1); those are
 * skipped here, so no reader ever sees item id 0.
 */
export async function fetchMarketItems(runner: ContractRunner, marketplace: Address): Promise<MarketItem[]> {
  const raw = (await readContract(runner, marketplace, marketplaceInterface, 'fetchMarketItems')) as RawMarketItem[];
  return raw.filter((item) => item.itemId !== 0n).map(toMarketItem);
}

/** Lists `tokenId` for `price` USDT base units (the marketplace must be approved for the token). */
export function createMarketItem(
  signer: Signer,
  marketplace: Address,
  nftContract: Address,
  tokenId: bigint,
  price: bigint,
): PreparedWrite {
  return prepareWrite(
    signer,
    marketplace,
    marketplaceInterface,
    'Marketplace',
    'createMarketItem',
    [nftContract, tokenId, price],
    'list',
  );
}

/** Buys item `itemId`; `amountPaid` is the asking price (approve that much USDT to the marketplace first). */
export function createMarketSale(
  signer: Signer,
  marketplace: Address,
  nftContract: Address,
  itemId: bigint,
  amountPaid: bigint,
): PreparedWrite {
  return prepareWrite(
    signer,
    marketplace,
    marketplaceInterface,
    'Marketplace',
    'createMarketSale',
    [nftContract, itemId, amountPaid],
    'buy',
  );
}

export function releaseSale(signer: Signer, marketplace: Address, itemId: bigint): PreparedWrite {
  return prepareWrite(signer, marketplace, marketplaceInterface, 'Marketplace', 'releaseSale', [itemId], 'release');
}

export interface MarketItemCreated {
  itemId: bigint;
  nftContract: Address;
  tokenId: bigint;
  seller: Address;
  price: bigint;
}

const MARKET_ITEM_CREATED = marketplaceInterface.getEvent('MarketItemCreated');

/**
 * The `MarketItemCreated` event the marketplace emitted in `receipt` (§5.3 step 3): only logs of
 * the marketplace address with the event's topic0 count, so a look-alike event from another
 * contract cannot inject an item id. Null when there is none.
 */
export function findMarketItemCreated(
  receipt: Pick<TransactionReceipt, 'logs'>,
  marketplace: Address,
): MarketItemCreated | null {
  const topic = MARKET_ITEM_CREATED?.topicHash;
  const log = receipt.logs.find(
    (entry: Log) => entry.address.toLowerCase() === marketplace.toLowerCase() && entry.topics[0] === topic,
  );
  if (!log) return null;
  const parsed = marketplaceInterface.parseLog({ topics: [...log.topics], data: log.data });
  if (!parsed) return null;
  const args = parsed.args as unknown as RawMarketItem;
  return {
    itemId: args.itemId,
    nftContract: asAddress(args.nftContract),
    tokenId: args.tokenId,
    seller: asAddress(args.seller),
    price: args.price,
  };
}
