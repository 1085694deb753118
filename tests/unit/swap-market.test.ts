import { describe, expect, it } from 'vitest';
import { lastFilledPrice, marketSummary } from '@/features/swap/hooks/market';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import {
  contractPriceOf,
  isFarFromReference,
  orderSide,
  priceDeviationBps,
  usdtPerNatura,
} from '@/lib/chain/swap-math';

const NAT = 10n ** 18n;
const USDT = 10n ** 6n;
const tokens = {
  usdt: '0x1000000000000000000000000000000000000001',
  natura: '0x1000000000000000000000000000000000000002',
} as const;
const A = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa';

let next = 0;
function order(partial: Partial<SwapOrder> & Pick<SwapOrder, 'tokenA' | 'price' | 'amountA'>): SwapOrder {
  return { id: next++, owner: A, orderType: 'sell', status: 1, ...partial };
}

describe('USDT per Natura ⇔ the contract price, to the base unit', () => {
  it('a Natura deposit stores the USDT-per-Natura price as it is', () => {
    expect(contractPriceOf(1_250_000n, 'natura')).toEqual({ price: 1_250_000n, exact: true });
    expect(usdtPerNatura('natura', 1_250_000n)).toBe(1_250_000n);
  });

  it.each([
    // USDT per NAT (6 decimals) → NAT wei per whole USDT (18 decimals), exactly.
    [1_250_000n, 800_000_000_000_000_000n], // 1.25 → 0.8
    [2_000_000n, 500_000_000_000_000_000n], // 2 → 0.5
    [1n, 10n ** 24n], // 0.000001 → 1 000 000 NAT
    [10n ** 24n, 1n], // 10^18 USDT per NAT → 1 wei
    [128_900_000n, 7_757_951_900_698_215n], // 128.9: not exact, so one wei more (rounded up)
  ])('a USDT deposit at %s USDT units per NAT stores 10^24 ÷ p NAT wei per USDT', (perNatura, price) => {
    const stored = contractPriceOf(perNatura, 'usdt');
    const exact = 10n ** 24n % perNatura === 0n;
    expect(stored.exact).toBe(exact);
    expect(stored.price).toBe(exact ? price : price + 1n);
  });

  it('an inexact rate is rounded in the maker’s favour: never less NAT per USDT than asked', () => {
    // 3 USDT per NAT ⇒ 0.333… NAT per USDT: rounded UP to …334 wei.
    const stored = contractPriceOf(3n * USDT, 'usdt');
    expect(stored).toEqual({ price: 333_333_333_333_333_334n, exact: false });
    // The maker deposits U whole USDT and receives price × U NAT wei: at least U ÷ 3 NAT.
    const deposit = 1_000_000n; // whole USDT
    expect(stored.price * deposit * 3n * USDT).toBeGreaterThanOrEqual(deposit * NAT * USDT);
    // and by less than one wei per whole USDT.
    expect((stored.price - 1n) * 3n * USDT).toBeLessThan(NAT * USDT);
  });

  it('back to USDT per NAT: exact for a stored exact rate, half-up otherwise', () => {
    expect(usdtPerNatura('usdt', 800_000_000_000_000_000n)).toBe(1_250_000n);
    expect(usdtPerNatura('usdt', 333_333_333_333_333_334n)).toBe(3_000_000n);
    expect(usdtPerNatura('usdt', 3n * NAT)).toBe(333_333n); // 0.3333333… → down
    expect(usdtPerNatura('usdt', 15n * 10n ** 17n)).toBe(666_667n); // 0.6666666… → up
    expect(usdtPerNatura('usdt', 0n)).toBe(0n);
  });

  it('round trip: every exact USDT-per-NAT price comes back unchanged', () => {
    for (const perNatura of [1n, 2n, 4n, 5n, 8n, 1_000_000n, 1_250_000n, 2_500_000n, 3_125_000n, 64n * USDT]) {
      expect(usdtPerNatura('usdt', contractPriceOf(perNatura, 'usdt').price)).toBe(perNatura);
    }
  });

  it('order kinds follow the deposit, not the label', () => {
    expect(orderSide('natura')).toBe('sellingNatura');
    expect(orderSide('usdt')).toBe('buyingNatura');
  });
});

describe('market summary from the book', () => {
  it('best ask, best bid, spread and depth aggregated by price', () => {
    const orders = [
      // asks (Natura deposits), any orderType label
      order({ tokenA: tokens.natura, amountA: 10n * NAT, price: 2_000_000n }),
      order({ tokenA: tokens.natura, amountA: 5n * NAT, price: 1_500_000n, orderType: 'buy' }),
      order({ tokenA: tokens.natura, amountA: 3n * NAT, price: 1_500_000n }),
      order({ tokenA: tokens.natura, amountA: 1n * NAT, price: 1_000_000n, status: 0 }), // filled: not depth
      order({ tokenA: tokens.natura, amountA: 1n * NAT, price: 900_000n, status: 2 }), // cancelled
      // bids (USDT deposits): 1.25 and 1 USDT per NAT
      order({ tokenA: tokens.usdt, amountA: 100n * USDT, price: 800_000_000_000_000_000n, orderType: 'buy' }),
      order({ tokenA: tokens.usdt, amountA: 50n * USDT, price: NAT }),
      order({ tokenA: tokens.usdt, amountA: 20n * USDT, price: 800_000_000_000_000_000n }),
      // another token: ignored
      order({ tokenA: '0x1000000000000000000000000000000000000009', amountA: 1n, price: 1n }),
    ];
    const summary = marketSummary(orders, tokens);
    expect(summary.bestAsk).toBe(1_500_000n);
    expect(summary.bestBid).toBe(1_250_000n);
    expect(summary.spread).toBe(250_000n);
    expect(summary.asks).toEqual([
      { usdtPerNatura: 1_500_000n, natura: 8n * NAT, usdt: 12n * USDT, orders: 2 },
      { usdtPerNatura: 2_000_000n, natura: 10n * NAT, usdt: 20n * USDT, orders: 1 },
    ]);
    expect(summary.bids).toEqual([
      { usdtPerNatura: 1_250_000n, natura: 96n * NAT, usdt: 120n * USDT, orders: 2 },
      { usdtPerNatura: 1_000_000n, natura: 50n * NAT, usdt: 50n * USDT, orders: 1 },
    ]);
    expect(lastFilledPrice(orders, tokens)).toBe(1_000_000n);
  });

  it('an empty side has no best price and no spread; a crossed book a negative spread', () => {
    const onlyAsks = marketSummary([order({ tokenA: tokens.natura, amountA: NAT, price: USDT })], tokens);
    expect(onlyAsks).toMatchObject({ bestAsk: USDT, bestBid: null, spread: null, bids: [] });
    const crossed = marketSummary(
      [
        order({ tokenA: tokens.natura, amountA: NAT, price: USDT }),
        order({ tokenA: tokens.usdt, amountA: USDT, price: NAT / 2n }),
      ],
      tokens,
    );
    expect(crossed.spread).toBe(-USDT);
    expect(lastFilledPrice([], tokens)).toBeNull();
  });
});

describe('the 20 % rule', () => {
  it.each([
    [1_200_000n, 1_000_000n, false], // exactly 20 % above: allowed
    [1_200_001n, 1_000_000n, true], // one unit more
    [800_000n, 1_000_000n, false], // exactly 20 % below
    [799_999n, 1_000_000n, true],
    [2_500_000n, 1_000_000n, true], // 2.5×
    [5n, 0n, false], // no reference: no check
  ])('%s against %s: far %s', (price, reference, far) => {
    expect(isFarFromReference(price, reference)).toBe(far);
  });

  it('says how far in basis points, signed', () => {
    expect(priceDeviationBps(2_500_000n, 1_000_000n)).toBe(15_000n);
    expect(priceDeviationBps(750_000n, 1_000_000n)).toBe(-2_500n);
    expect(priceDeviationBps(1n, 0n)).toBeNull();
  });
});
