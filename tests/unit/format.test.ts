import { describe, expect, it } from 'vitest';
import { profileAddress, sameAddress, shortAddress } from '@/lib/format/address';
import { formatMonthYear } from '@/lib/format/dates';
import { formatApproxUsd, usdOfNatura, usdOfUsdt } from '@/lib/format/usd';
import { formatAmount, formatCompactCount, formatNatura, formatUsdt, toDecimalString } from '@/lib/format/numbers';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('addresses', () => {
  it('shortens to the first 5 and last 5 characters', () => {
    expect(shortAddress(ADDRESS)).toBe('0x709....c79C8');
    expect(shortAddress(null)).toBe('');
  });
  it('profile form: first 5, three dots, characters 37 to 42', () => {
    expect(profileAddress(ADDRESS)).toBe('0x709...dc79C8');
  });
  it('compares case-insensitively', () => {
    expect(sameAddress(ADDRESS, ADDRESS.toLowerCase())).toBe(true);
    expect(sameAddress(ADDRESS, null)).toBe(false);
  });
});

describe('compact counts', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.00k'],
    [1234, '1.23k'],
    [1200, '1.20k'],
    [999_999, '1000.00k'],
    [123_456_789, '123456.79k'],
  ])('%d → %s', (value, expected) => {
    expect(formatCompactCount(value)).toBe(expected);
  });
  it('uses the separators of the active language', () => {
    expect(formatCompactCount(1234, 'it')).toBe('1,23k');
  });
});

describe('token amounts', () => {
  it('formats USDT base units with 3 decimals, exactly', () => {
    expect(formatUsdt(0n)).toBe('0.000');
    expect(formatUsdt(25_000_000n)).toBe('25.000');
    expect(formatUsdt(1_234_567n)).toBe('1.235');
    expect(formatUsdt(1_234_499n)).toBe('1.234');
    expect(formatUsdt(123_456_789_012_345_678n)).toBe('123456789012.346');
  });
  it('formats Natura rewards with 2 decimals, grouped, rounded down, never a non-zero 0.00', () => {
    expect(formatNatura(10n ** 18n)).toBe('1.00');
    expect(formatNatura(2_666_666n * 10n ** 18n)).toBe('2,666,666.00');
    expect(formatNatura(5n * 10n ** 15n)).toBe('< 0.01');
    expect(formatNatura(15n * 10n ** 15n)).toBe('0.01');
    expect(formatNatura(0n)).toBe('0.00');
    expect(formatNatura(99_999_999_999_999_999_999_999_999n)).toBe('99,999,999.99');
  });
  it('localises the decimal separator', () => {
    expect(formatUsdt(1_500_000n, 'it')).toBe('1,500');
  });
  it('keeps negative values and pads small ones', () => {
    expect(toDecimalString(-1_500_000n, 6, 2)).toBe('-1.50');
    expect(toDecimalString(5n, 6, 6)).toBe('0.000005');
    expect(toDecimalString(5n, 6, 8)).toBe('0.00000500');
  });
});

describe('amounts in a chosen style', () => {
  const NAT = 10n ** 18n;
  it('fixed decimals, rounded half-up once, grouped in thousands', () => {
    expect(formatAmount(2_619_136_387_800_000_000_000_000n, 18, { places: 3, grouping: true })).toBe('2,619,136.388');
    expect(formatAmount(1_500_000n * NAT, 18, { places: 2, grouping: true })).toBe('1,500,000.00');
    expect(formatAmount(1_282_051_282_051_282_051n, 18, { places: 3, grouping: true })).toBe('1.282');
    expect(formatAmount(1_500_000n * NAT, 18, { places: 2 })).toBe('1500000.00');
  });
  it('exact: every significant decimal, none for whole numbers', () => {
    expect(formatAmount(1_250_000n, 6, { places: 'exact' })).toBe('1.25');
    expect(formatAmount(125n * 10n ** 17n, 18, { places: 'exact' })).toBe('12.5');
    expect(formatAmount(1n, 18, { places: 'exact' })).toBe('0.000000000000000001');
    expect(formatAmount(1_250_000n, 0, { places: 'exact', grouping: true })).toBe('1,250,000');
    expect(formatAmount(0n, 6, { places: 'exact' })).toBe('0');
  });
  it('uses the separators of the active language', () => {
    expect(formatAmount(2_619_136_387_800_000_000_000_000n, 18, { places: 3, grouping: true }, 'it')).toBe(
      '2.619.136,388',
    );
    expect(formatAmount(1_250_000n, 6, { places: 'exact', grouping: true }, 'it')).toBe('1,25');
    expect(formatAmount(1000n, 0, { places: 0, grouping: true }, 'it')).toBe('1.000');
  });
});

describe('dates', () => {
  it('shows month and year in the active language', () => {
    expect(formatMonthYear('2022-03-15T10:00:00.000Z')).toBe('Mar 2022');
    expect(formatMonthYear('2022-03-15T10:00:00.000Z', 'it')).toBe('mar 2022');
    expect(formatMonthYear('not a date')).toBe('');
    expect(formatMonthYear(null)).toBe('');
  });
});

describe('≈ $ beside token amounts', () => {
  it('values USDT at one dollar and Natura at the chain price (USD, 6 decimals), in the language', () => {
    expect(formatApproxUsd(usdOfUsdt(45_000_500_000n), 'en')).toBe('≈ $45,000.50');
    expect(formatApproxUsd(usdOfUsdt(45_000_500_000n), 'it')).toBe('≈ $45.000,50');
    // 100 NAT at $2.500000 = $250; 1.5 NAT at $0.333333 = $0.4999995 → $0.49 shown (money is rounded down, docs/amounts.md)
    expect(usdOfNatura(100n * 10n ** 18n, 2_500_000n)).toBe(250_000_000n);
    expect(formatApproxUsd(usdOfNatura(15n * 10n ** 17n, 333_333n), 'en')).toBe('≈ $0.49');
    expect(formatApproxUsd(0n, 'en')).toBe('≈ $0.00');
  });
});
