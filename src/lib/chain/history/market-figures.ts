import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { currentHolders, newestFirst } from '@/lib/chain/history/event-place';
import type { NftEvent, SalePrice } from '@/lib/chain/history/nft-history';
import type { Transaction } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';

/**
 * The figures the app says about a collection's and a token's past, from chain events only (issue 38): pure
 * functions over the events of src/lib/chain/history/nft-history.ts and the live listings of
 * src/lib/chain/market-listings.ts, so that tests check each figure to the base unit.
 */

/** A history event with what was paid in it: a sale's or a mint's USDT price, a listing's asking price. */
export interface PricedEvent extends NftEvent {
  /** USDT base units: paid (sale, mint) or asked (listing); undefined for the other kinds. */
  price?: bigint;
  /** USDT base units of royalty paid in a sale. */
  royalty?: bigint;
  /** Unix seconds of the event's block, when read. */
  time?: number;
}

/** Events with their prices: sales and mints from `paid` (by transaction hash), listings from their item. */
export function withPrices(events: readonly NftEvent[], paid: ReadonlyMap<string, SalePrice>): PricedEvent[] {
  return events.map((event) => {
    if (event.kind === 'listing') return event.item ? { ...event, price: event.item.price } : event;
    if (event.kind !== 'sale' && event.kind !== 'mint') return event;
    const found = paid.get(event.transactionHash);
    return found ? { ...event, price: found.price, royalty: found.royalty } : event;
  });
}

/** The sales among `events`, newest first. */
export function salesOf(events: readonly PricedEvent[]): PricedEvent[] {
  return events.filter((event) => event.kind === 'sale').sort(newestFirst);
}

/** The sum of the sales' prices (USDT base units). */
export function volumeOf(events: readonly PricedEvent[]): bigint {
  return events.reduce((sum, event) => (event.kind === 'sale' ? sum + (event.price ?? 0n) : sum), 0n);
}

/** The newest sale's price, or null when the chain has none. */
export function lastSalePrice(events: readonly PricedEvent[]): bigint | null {
  return salesOf(events)[0]?.price ?? null;
}

/** Distinct current holders; a listed or staked token counts for the account that put it there. */
export function ownerCount(events: readonly NftEvent[]): number {
  return new Set([...currentHolders(events).values()].map((holder) => holder.toLowerCase())).size;
}

export interface Floor {
  /** The lowest live listing price (USDT base units), null when nothing of the collection is listed. */
  floor: bigint | null;
  listed: number;
}

/** Floor and listed count of `collection` among the marketplace's live items (released entries already skipped). */
export function floorOf(items: readonly MarketItem[], collection: string): Floor {
  const own = items.filter((item) => item.itemId !== 0n && sameAddress(item.nftContract, collection));
  const floor = own.reduce<bigint | null>((low, item) => (low === null || item.price < low ? item.price : low), null);
  return { floor, listed: own.length };
}

/**
 * The dashboard's Market Price, from the chain (docs/features.md): what the collection can be bought for now — the
 * floor of its live listings — and, when nothing is listed, the price it last sold at; null when neither exists.
 */
export function marketPriceFrom(floor: bigint | null, lastSale: bigint | null): bigint | null {
  return floor ?? lastSale;
}

/** One CMS price-history row and the chain event that confirms it (null: not found on chain). */
export interface CheckedRow {
  row: Transaction;
  event: PricedEvent | null;
}

/** Whether the CMS row says what `event` did: same receiver, same price, and the same sender (a mint's is 0x0). */
function confirms(row: Transaction, event: PricedEvent): boolean {
  if (event.price === undefined || event.price !== row.price || !sameAddress(row.toAddress, event.to)) return false;
  if (event.kind === 'mint') return sameAddress(row.fromAddress, ZERO_ADDRESS);
  // A sale's token leaves the marketplace; the CMS names the seller, the account whose listing was bought.
  return (
    event.kind === 'sale' &&
    (sameAddress(row.fromAddress, event.item?.seller) || sameAddress(row.fromAddress, event.from))
  );
}

/**
 * Each CMS row of one token's price history with the chain sale or mint it records. A chain event confirms one row
 * at most (a copied row is not confirmed twice); rows are taken in the CMS's order (newest first) and each gets the
 * newest event it matches. `events` must be that token's events (same contract and token id).
 */
export function matchCmsRows(rows: readonly Transaction[], events: readonly PricedEvent[]): CheckedRow[] {
  const candidates = events.filter((event) => event.kind === 'sale' || event.kind === 'mint').sort(newestFirst);
  const used = new Set<PricedEvent>();
  return rows.map((row) => {
    const event = candidates.find((candidate) => !used.has(candidate) && confirms(row, candidate)) ?? null;
    if (event) used.add(event);
    return { row, event };
  });
}
