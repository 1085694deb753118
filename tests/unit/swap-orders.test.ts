import { describe, expect, it } from 'vitest';
import { isBlankOrZero } from '@/features/swap/components/amount-input';
import { costText, priceText } from '@/features/swap/components/order-format';
import { bookRows, listingRows, pageOf, recordRows } from '@/features/swap/hooks/orders';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import { feePreview, makerTokenA, otherToken, takerCost, updateApproveAmount } from '@/lib/chain/swap-math';
import { parseNatura, parseUsdt } from '@/lib/chain/units';

const tokens = {
  usdt: '0x1000000000000000000000000000000000000001',
  natura: '0x1000000000000000000000000000000000000002',
} as const;
const A = '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa';
const B = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';

let next = 0;
function order(partial: Partial<SwapOrder> & Pick<SwapOrder, 'tokenA' | 'price'>): SwapOrder {
  return { id: next++, owner: A, amountA: 1n, orderType: 'sell', status: 1, ...partial };
}

describe('the four order kinds of the semantics table, exact beyond Number.MAX_SAFE_INTEGER', () => {
  // amount typed by the maker, price typed in the other token; huge values to overflow doubles.
  it.each([
    ['sell', 'natura', '123456789.123456789123456789', '0.000001', 123_456_789n], // USDT units
    ['sell', 'usdt', '98765432.000001', '0.000000000000000001', 98_765_432n], // NAT wei
    ['buy', 'natura', '0.000001', '987654321.123456789123456789', 0n], // below one whole USDT: free
    ['buy', 'usdt', '9007199254740993', '999999.999999', 9_007_199_254_731_985_800_745_259_007n], // 2^53 + 1 NAT
  ] as const)('%s %s: taker approves price × whole tokenA, exactly', (intent, picked, amount, price, cost) => {
    const tokenA = makerTokenA(intent, picked);
    const decimalsA = tokenA === 'natura' ? 18 : 6;
    const amountA = tokenA === 'natura' ? parseNatura(amount) : parseUsdt(amount);
    const priceUnits = otherToken(tokenA) === 'natura' ? parseNatura(price) : parseUsdt(price);
    expect(takerCost({ amountA, price: priceUnits }, tokenA)).toBe(cost);
    expect(cost).toBe(priceUnits * (amountA / 10n ** BigInt(decimalsA)));
  });

  it('fee preview and edit difference stay exact for amounts a double cannot hold', () => {
    const amountA = parseNatura('9007199254740993'); // 2^53 + 1 NAT
    const preview = feePreview(amountA, parseUsdt('1.000001'), 'natura');
    expect(preview.offering).toBe(amountA);
    expect(preview.offering).toBe(9_007_199_254_740_993_000_000_000_000_000_000n);
    // P = 1.000001 × (2^53 + 1) USDT = 9 007 208 261 940 247 740 993 units; maker gets P − ⌊3 %⌋ − ⌊1 %⌋
    const pay = 9_007_208_261_940_247_740_993n;
    expect(preview.getting).toBe(pay - (pay * 3n) / 100n - pay / 100n);
    expect(updateApproveAmount(amountA, amountA + 1n)).toBe(1n);
    expect(updateApproveAmount(amountA + 1n, amountA)).toBe(0n);
  });

  it('writes prices (USDT per Natura) from bigint with 3 decimals and costs as amounts of their token, with the right units', () => {
    const row = {
      ...order({ tokenA: tokens.natura, price: 1_234_567n, amountA: parseNatura('2') }),
      token: 'natura' as const,
    };
    expect(priceText(row, 'en')).toBe('1.235 USDT/NAT');
    expect(costText(row, 'en')).toBe('2.46 USDT');
    const usdtRow = {
      ...order({ tokenA: tokens.usdt, price: parseNatura('0.8'), amountA: parseUsdt('300') }),
      token: 'usdt' as const,
    };
    expect(costText(usdtRow, 'en')).toBe('240 NAT');
    // A USDT deposit's NAT-per-USDT price is shown the people's way round: USDT per Natura.
    expect(priceText(usdtRow, 'en')).toBe('1.250 USDT/NAT');
  });
});

describe('views keep each order’s index in the unfiltered, unsorted array', () => {
  const orders: SwapOrder[] = [
    { id: 0, owner: A, tokenA: tokens.natura, amountA: 1n, price: 500n, orderType: 'sell', status: 1 },
    { id: 1, owner: B, tokenA: tokens.usdt, amountA: 1n, price: 5n, orderType: 'sell', status: 1 },
    {
      id: 2,
      owner: B,
      tokenA: tokens.natura.toUpperCase().replace('0X', '0x') as SwapOrder['tokenA'],
      amountA: 1n,
      price: 100n,
      orderType: 'sell',
      status: 1,
    },
    { id: 3, owner: A, tokenA: tokens.natura, amountA: 1n, price: 1n, orderType: 'sell', status: 2 },
    {
      id: 4,
      owner: A.toLowerCase() as SwapOrder['owner'],
      tokenA: tokens.natura,
      amountA: 1n,
      price: 300n,
      orderType: 'buy',
      status: 1,
    },
    { id: 5, owner: B, tokenA: tokens.usdt, amountA: 1n, price: 7n, orderType: 'buy', status: 0 },
    { id: 6, owner: B, tokenA: tokens.natura, amountA: 1n, price: 100n, orderType: 'sell', status: 1 },
    {
      id: 7,
      owner: B,
      tokenA: '0x3000000000000000000000000000000000000003',
      amountA: 1n,
      price: 1n,
      orderType: 'sell',
      status: 1,
    },
  ];

  it('the book: open only, tab filter, best price first, ties by age', () => {
    expect(bookRows(orders, tokens, 'buy', 'natura').map((row) => row.id)).toEqual([2, 6, 0]);
    expect(bookRows(orders, tokens, 'buy', 'usdt').map((row) => row.id)).toEqual([1]);
    expect(bookRows(orders, tokens, 'sell', 'usdt').map((row) => row.id)).toEqual([4]);
    expect(bookRows(orders, tokens, 'sell', 'natura').map((row) => row.id)).toEqual([]);
    expect(orders.map((o) => o.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]); // the source is untouched
  });

  it('Your Listings: the account’s open orders, newest first, owner in any case', () => {
    expect(listingRows(orders, tokens, A.toUpperCase().replace('0X', '0x')).map((row) => row.id)).toEqual([4, 0]);
    expect(listingRows(orders, tokens, null)).toEqual([]);
  });

  it('Record: closed orders, newest first, filtered by status', () => {
    expect(recordRows(orders, tokens, 'all').map((row) => row.id)).toEqual([5, 3]);
    expect(recordRows(orders, tokens, 'cancelled').map((row) => row.id)).toEqual([3]);
    expect(recordRows(orders, tokens, 'successful').map((row) => row.id)).toEqual([5]);
  });

  it('Record: filled orders by their fill time (chain history) newest first, then the rest newest created first', () => {
    const filled = (id: number) => ({ ...orders[5]!, id });
    const list = [filled(0), filled(1), { ...orders[3]!, id: 2 }, filled(3)];
    // Order 0 was filled last, order 3 first; order 1's time is not known.
    const times = new Map([
      [0, 300],
      [3, 100],
    ]);
    expect(recordRows(list, tokens, 'all', times).map((row) => row.id)).toEqual([0, 3, 2, 1]);
    expect(recordRows(list, tokens, 'successful', times).map((row) => row.id)).toEqual([0, 3, 1]);
  });

  it('pages 25 rows at a time and clamps the page', () => {
    const many = Array.from({ length: 51 }, (_, index) => index);
    expect(pageOf(many, 0)).toEqual({ rows: many.slice(0, 25), pages: 3 });
    expect(pageOf(many, 9).rows).toEqual([50]);
    expect(pageOf([], 0)).toEqual({ rows: [], pages: 1 });
  });
});

describe('blank or zero inputs', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['0', true],
    ['0.000', true],
    ['.0', true],
    ['0.01', false],
    ['abc', false],
  ])('%j → %s', (text, expected) => {
    expect(isBlankOrZero(text)).toBe(expected);
  });
});
