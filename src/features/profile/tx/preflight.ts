import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { USDT_DECIMALS } from '@/config/tokens';
import {
  listingExposure,
  readLiveMarketItems,
  readSameTokenItems,
  type ListingExposure,
} from '@/lib/chain/market-listings';
import { AmountParseError } from '@/lib/chain/units';
import { parseLocalAmount } from '@/lib/format/amounts';
import { sameAddress } from '@/lib/format/address';

export type ListingPriceProblem =
  'empty' | 'not-a-number' | 'ambiguous' | 'not-positive' | 'too-many-decimals' | 'too-large';

export type ListingPriceCheck = { ok: true; price: bigint } | { ok: false; problem: ListingPriceProblem };

/** The marketplace keeps prices as uint256 USDT base units; anything past 2^128 is surely a typo. */
const MAX_PRICE = 1n << 128n;

/**
 * The listing price as typed (deployed-system.md §P5): empty → 'empty' (the dialog then does nothing, no
 * message); otherwise a positive USDT amount with at most 6 decimals, written in the notation of `language`,
 * or the reason it is not.
 */
export function checkListingPrice(input: string, language: string): ListingPriceCheck {
  if (input.trim() === '') return { ok: false, problem: 'empty' };
  let price: bigint;
  try {
    price = parseLocalAmount(input, USDT_DECIMALS, language);
  } catch (error) {
    if (!(error instanceof AmountParseError)) throw error;
    const problem = error.reason === 'negative' ? 'not-positive' : error.reason === 'empty' ? 'empty' : error.reason;
    return { ok: false, problem };
  }
  if (price <= 0n) return { ok: false, problem: 'not-positive' };
  if (price >= MAX_PRICE) return { ok: false, problem: 'too-large' };
  return { ok: true, price };
}

/**
 * Release pre-check (deployed-system.md §C9.1): true when the marketplace still lists `itemId` with
 * `account` as its seller. A released item is deleted (an all-zero entry with item id 0) and a
 * sold one is no longer among the live listings (read from the events when `fetchMarketItems` is bricked,
 * §C9.1a); both would revert ("Not an owner" or inside the
 * NFT transfer), so the screen says so instead of asking the wallet.
 */
export async function isListedBy(
  runner: ContractRunner,
  marketplace: Address,
  itemId: bigint,
  account: Address,
): Promise<boolean> {
  if (itemId <= 0n) return false;
  const items = await readLiveMarketItems(runner, marketplace);
  return items.some((item) => item.itemId === itemId && !item.sold && sameAddress(item.seller, account));
}

/**
 * Listing safety check (deployed-system.md §C9.1): the other marketplace items with the same token id, in any
 * collection, sold or live, that still exist. Listing `tokenId` at `price` as `seller` is exposed when one of them
 * has another seller, or is the seller's own at a lower price: anyone could then take the NFT for that price.
 * `itemId`: the seller's own item this listing replaces (a change of price releases it first), left out.
 * Null: safe to list.
 */
export async function checkListingExposure(
  runner: ContractRunner,
  marketplace: Address,
  listing: { tokenId: bigint; seller: Address; price: bigint; itemId?: bigint },
): Promise<ListingExposure | null> {
  const items = await readSameTokenItems(runner, marketplace, listing.tokenId);
  return listingExposure(items, listing);
}
