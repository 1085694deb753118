/**
 * Where a marketplace buyer's money goes (deployed-system.md §C9.1): the buyer pays exactly `price`;
 * the ERC-2981 royalty (from `royaltyInfo(tokenId, price)`, 0 when the collection has none) is
 * taken first, the sale fee is 5 % of what is left, rounded down, and the seller gets the rest.
 * Example: 30 USDT with a 7 % royalty → royalty 2.1, fee 1.395, seller 26.505.
 */

/** The marketplace fee in basis points, charged on the price after royalty. */
const MARKET_FEE_BPS = 500n;
const BPS = 10_000n;

export interface MarketSaleSplit {
  /** What the buyer pays (the stored price), USDT base units. */
  price: bigint;
  royalty: bigint;
  fee: bigint;
  seller: bigint;
}

/** The three pulls of `createMarketSale` for `price` and the royalty `royaltyInfo` reports. */
export function marketSaleSplit(price: bigint, royalty: bigint): MarketSaleSplit {
  if (price < 0n || royalty < 0n) throw new RangeError('price and royalty cannot be negative');
  if (royalty > price) throw new RangeError('the royalty cannot exceed the price');
  const fee = ((price - royalty) * MARKET_FEE_BPS) / BPS;
  return { price, royalty, fee, seller: price - royalty - fee };
}
