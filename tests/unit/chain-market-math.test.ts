import { describe, expect, it } from 'vitest';
import { marketSaleSplit } from '@/lib/chain/market-math';

describe('marketSaleSplit (deployed-system.md §C9.1)', () => {
  it('takes the royalty first and 5 % of the rest as fee: 30 USDT with 7 % royalty', () => {
    expect(marketSaleSplit(30_000_000n, 2_100_000n)).toEqual({
      price: 30_000_000n,
      royalty: 2_100_000n,
      fee: 1_395_000n,
      seller: 26_505_000n,
    });
  });

  it('rounds the fee down and gives the remainder to the seller', () => {
    // 33.333333 USDT, royalty ⌊33,333,333 × 7 %⌋ = 2,333,333 → fee ⌊31,000,000 × 5 %⌋ = 1,550,000
    expect(marketSaleSplit(33_333_333n, 2_333_333n)).toEqual({
      price: 33_333_333n,
      royalty: 2_333_333n,
      fee: 1_550_000n,
      seller: 29_450_000n,
    });
    expect(marketSaleSplit(19n, 0n)).toEqual({ price: 19n, royalty: 0n, fee: 0n, seller: 19n });
    expect(marketSaleSplit(21n, 0n)).toEqual({ price: 21n, royalty: 0n, fee: 1n, seller: 20n });
  });

  it('refuses a royalty above the price', () => {
    expect(() => marketSaleSplit(10n, 11n)).toThrow(RangeError);
  });
});
