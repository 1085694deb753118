import { describe, expect, it } from 'vitest';
import { displayAmount, withUnit, type AmountKind } from '@/lib/format/numbers';
import { formatApproxUsd } from '@/lib/format/usd';

/** The display policy of docs/amounts.md, in English and Italian. */
const NAT = 10n ** 18n;
const text = (value: bigint, decimals: number, kind: AmountKind, locale = 'en') =>
  displayAmount(value, decimals, kind, locale).text;

describe('amount display policy', () => {
  it('groups thousands in the active language: EN "1,234.56", IT "1.234,56"', () => {
    expect(text(1_234_567_890n, 6, 'money')).toBe('1,234.56');
    expect(text(1_234_567_890n, 6, 'money', 'it')).toBe('1.234,56');
    // The "999,112.6653932566835211 NAT"
    expect(text(999_112_665_393_256_683_521_100n, 18, 'natura')).toBe('999,112.6653');
    expect(text(999_112_665_393_256_683_521_100n, 18, 'natura', 'it')).toBe('999.112,6653');
  });

  it('prices: 3 decimals, no thousands separators (ui-reference.md §15), the language’s decimal mark', () => {
    expect(text(25_000_000n, 6, 'price')).toBe('25.000');
    expect(text(25_000_000n, 6, 'price', 'it')).toBe('25,000');
    expect(text(1_234_567_891n, 6, 'price')).toBe('1234.568');
    expect(text(1_234_567_891n, 6, 'price', 'it')).toBe('1234,568');
  });

  it('decimals per kind: USDT money 2, rewards 2, other Natura at most 4 (trailing zeros dropped)', () => {
    expect(text(29_597_250n, 6, 'money')).toBe('29.59');
    expect(text(1_500_000n * NAT, 18, 'reward')).toBe('1,500,000.00');
    expect(text(125n * 10n ** 17n, 18, 'natura')).toBe('12.5');
    expect(text(3n * NAT, 18, 'natura')).toBe('3');
    expect(text(1_234_567_890_123_456_789n, 18, 'natura')).toBe('1.2345');
    expect(text(1_234_567_890_123_456_789n, 18, 'natura', 'it')).toBe('1,2345');
  });

  it('never rounds a balance up: 0.999999 USDT is 0.99, 1.99999 Natura is 1.9999', () => {
    expect(text(999_999n, 6, 'money')).toBe('0.99');
    expect(text(2n * NAT - 1n, 18, 'natura')).toBe('1.9999');
    expect(text(2n * NAT - 1n, 18, 'reward')).toBe('1.99');
    expect(text(2n * NAT - 1n, 18, 'reward', 'it')).toBe('1,99');
  });

  it('never hides that a value is not zero: "< 0.01", "< 0.0001", "< 0.001"', () => {
    expect(text(9_999n, 6, 'money')).toBe('< 0.01');
    expect(text(9_999n, 6, 'money', 'it')).toBe('< 0,01');
    expect(text(1n, 18, 'reward')).toBe('< 0.01');
    expect(text(1n, 18, 'natura')).toBe('< 0.0001');
    expect(text(499n, 6, 'price')).toBe('< 0.001');
    expect(text(500n, 6, 'price')).toBe('0.001');
    expect(text(0n, 6, 'money')).toBe('0.00');
    expect(text(0n, 18, 'natura')).toBe('0');
  });

  it('says when the text rounds, and gives the exact figure to the base unit', () => {
    expect(displayAmount(2_469_135_780_246_913_578n, 18, 'reward')).toEqual({
      text: '2.46',
      exact: '2.469135780246913578',
      rounded: true,
    });
    expect(displayAmount(2_469_135_780_246_913_578n, 18, 'reward', 'it').exact).toBe('2,469135780246913578');
    expect(displayAmount(1_234_560_000n, 6, 'money', 'it')).toEqual({
      text: '1.234,56',
      exact: '1.234,56',
      rounded: false,
    });
    expect(displayAmount(1n, 18, 'natura').exact).toBe('0.000000000000000001');
  });

  it('a figure whose decimals the spec fixes (the dashboard): those decimals, and whether they hide part of it', () => {
    const cents = { places: 2, grouping: true } as const;
    expect(displayAmount(1_234_567_800_000_000_000_000n, 18, cents)).toEqual({
      text: '1,234.57',
      exact: '1,234.5678',
      rounded: true,
    });
    expect(displayAmount(1_234_567_800_000_000_000_000n, 18, cents, 'it')).toEqual({
      text: '1.234,57',
      exact: '1.234,5678',
      rounded: true,
    });
    expect(displayAmount(1_000n * NAT, 18, cents)).toEqual({ text: '1,000.00', exact: '1,000', rounded: false });
    // Three decimals of USDT's six: 120.25 is whole at that step, 120.2505 is not.
    expect(displayAmount(120_250_000n, 6, { places: 3, grouping: true }).rounded).toBe(false);
    expect(displayAmount(120_250_500n, 6, { places: 3, grouping: true }).rounded).toBe(true);
    expect(displayAmount(125n * 10n ** 17n, 18, { places: 'exact', grouping: true })).toEqual({
      text: '12.5',
      exact: '12.5',
      rounded: false,
    });
  });

  it('puts the currency in the same place in every language: token units after, "$" before', () => {
    expect(withUnit('1,234.56', 'USDT')).toBe('1,234.56 USDT');
    expect(withUnit('1.234,56', 'USDT')).toBe('1.234,56 USDT');
    expect(withUnit('1.28', '$')).toBe('$1.28');
    expect(withUnit('< 0.01', '$')).toBe('< $0.01');
    expect(formatApproxUsd(1_234_567_891n)).toBe('≈ $1,234.56');
    expect(formatApproxUsd(1_234_567_891n, 'it')).toBe('≈ $1.234,56');
    expect(formatApproxUsd(1n)).toBe('< $0.01');
  });
});
