import { describe, expect, it } from 'vitest';
import {
  AmountParseError,
  parseNatura,
  parseTokenAmount,
  parseUsdt,
  usdtFromCmsPrice,
  usdtToCmsPrice,
} from '@/lib/chain/units';

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AmountParseError);
    return (error as AmountParseError).reason;
  }
  return undefined;
}

describe('parseUsdt / parseNatura', () => {
  it.each([
    ['0', 0n],
    ['1', 1_000_000n],
    ['12.5', 12_500_000n],
    ['  12.5  ', 12_500_000n],
    ['.5', 500_000n],
    ['7.', 7_000_000n],
    ['0.000001', 1n],
    ['1.230000000', 1_230_000n], // trailing zeros beyond 6 decimals are not precision
    ['100000000000', 100_000_000_000_000_000n],
  ])('USDT %j → %s base units', (input, expected) => {
    expect(parseUsdt(input)).toBe(expected);
  });

  it.each([
    ['1', 10n ** 18n],
    ['0.000000000000000001', 1n],
    ['1000.25', 1_000_250_000_000_000_000_000n],
    ['80.000000000000000001', 80_000_000_000_000_000_001n],
  ])('Natura %j → %s wei', (input, expected) => {
    expect(parseNatura(input)).toBe(expected);
  });

  it('rejects more decimals than the token has instead of rounding', () => {
    expect(reasonOf(() => parseUsdt('0.0000001'))).toBe('too-many-decimals');
    expect(reasonOf(() => parseUsdt('1.2345678'))).toBe('too-many-decimals');
    expect(reasonOf(() => parseNatura('0.0000000000000000001'))).toBe('too-many-decimals');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['-0.5', 'negative'],
    ['abc', 'not-a-number'],
    ['1e6', 'not-a-number'],
    ['1,5', 'not-a-number'],
    ['1.2.3', 'not-a-number'],
    ['+1', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['.', 'not-a-number'],
    ['Infinity', 'not-a-number'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(reasonOf(() => parseUsdt(input))).toBe(reason);
  });

  it('rejects amounts beyond uint256', () => {
    expect(reasonOf(() => parseTokenAmount('1'.padEnd(80, '0'), 0))).toBe('too-large');
  });

  it('names the decimals in the error message', () => {
    expect(() => parseUsdt('1.1234567')).toThrow('at most 6');
  });
});

describe('CMS prices (human USDT)', () => {
  it('converts numbers through their exact decimal form', () => {
    expect(usdtFromCmsPrice(0.1)).toBe(100_000n);
    expect(usdtFromCmsPrice(12.5)).toBe(12_500_000n);
    expect(usdtFromCmsPrice(25)).toBe(25_000_000n);
    expect(usdtFromCmsPrice(0.000001)).toBe(1n); // String(1e-6) is "0.000001"
    expect(usdtFromCmsPrice('30.75')).toBe(30_750_000n);
  });

  it('rejects CMS prices the chain cannot represent', () => {
    expect(reasonOf(() => usdtFromCmsPrice(1e-7))).toBe('too-many-decimals');
    expect(reasonOf(() => usdtFromCmsPrice(-5))).toBe('negative');
    expect(reasonOf(() => usdtFromCmsPrice(Number.NaN))).toBe('not-a-number');
  });

  it('writes base units back as the plain decimal the CMS stores', () => {
    expect(usdtToCmsPrice(12_500_000n)).toBe('12.5');
    expect(usdtToCmsPrice(25_000_000n)).toBe('25');
    expect(usdtToCmsPrice(1n)).toBe('0.000001');
    expect(usdtToCmsPrice(0n)).toBe('0');
    expect(usdtFromCmsPrice(usdtToCmsPrice(123_456_789n))).toBe(123_456_789n);
  });
});
