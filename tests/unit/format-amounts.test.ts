import { describe, expect, it } from 'vitest';
import { AmountParseError } from '@/lib/chain/units';
import { amountExample, formatAmountEcho, parseLocalAmount } from '@/lib/format/amounts';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';

function read(input: string, language: string): bigint | string {
  try {
    return parseLocalAmount(input, USDT_DECIMALS, language);
  } catch (error) {
    if (!(error instanceof AmountParseError)) throw error;
    return error.reason;
  }
}

describe('parseLocalAmount: what a typed USDT amount means in each language', () => {
  it.each([
    // input, English, Italian
    ['45.000', 45_000_000n, 45_000_000_000n],
    ['45.000,5', 'ambiguous', 45_000_500_000n],
    ['1,5', 'ambiguous', 1_500_000n],
    ['1.5', 1_500_000n, 'ambiguous'],
    ['45,000.5', 45_000_500_000n, 'ambiguous'],
    ['45,000', 45_000_000_000n, 45_000_000n],
    ['12,50', 'ambiguous', 12_500_000n],
    ['12.50', 12_500_000n, 'ambiguous'],
    ['1.234.567', 'ambiguous', 1_234_567_000_000n],
    ['1,234,567', 1_234_567_000_000n, 'ambiguous'],
    ['1,234.5', 1_234_500_000n, 'ambiguous'],
    ['1.234,5', 'ambiguous', 1_234_500_000n],
    ['45 000', 45_000_000_000n, 45_000_000_000n],
    ['45 000,5 ', 'ambiguous', 45_000_500_000n],
    ['45 000.5', 45_000_500_000n, 'ambiguous'],
    ['45\u00a0000,000', 'ambiguous', 45_000_000_000n],
    ['45\u00a0000.000', 45_000_000_000n, 'ambiguous'],
    ['12', 12_000_000n, 12_000_000n],
    ['  7  ', 7_000_000n, 7_000_000n],
    ['0', 0n, 0n],
    ['.5', 500_000n, 'ambiguous'],
    [',5', 'ambiguous', 500_000n],
    ['0.000001', 1n, 'ambiguous'],
    ['0,000001', 'ambiguous', 1n],
    ['0.0000001', 'too-many-decimals', 'ambiguous'],
    ['0,0000001', 'ambiguous', 'too-many-decimals'],
    ['1,2,3', 'not-a-number', 'not-a-number'],
    ['1.2.3', 'not-a-number', 'not-a-number'],
    ['12,3456.7', 'not-a-number', 'not-a-number'],
    ['1e3', 'not-a-number', 'not-a-number'],
    ['abc', 'not-a-number', 'not-a-number'],
    [',', 'not-a-number', 'not-a-number'],
    ['-5', 'negative', 'negative'],
    ['-1,5', 'negative', 'negative'],
    ['', 'empty', 'empty'],
    ['   ', 'empty', 'empty'],
  ])('%j → English %s, Italian %s', (input, english, italian) => {
    expect(read(input, 'en')).toBe(english);
    expect(read(input, 'it')).toBe(italian);
  });

  it('reads Natura in 18 decimals and refuses what is past them', () => {
    expect(parseLocalAmount('1.000,000000000000000001', NATURA_DECIMALS, 'it')).toBe(10n ** 21n + 1n);
    expect(() => parseLocalAmount('1.0000000000000000001', NATURA_DECIMALS, 'en')).toThrow(AmountParseError);
  });

  it('keeps the typed text in the error', () => {
    expect(() => parseLocalAmount('1.5', USDT_DECIMALS, 'it')).toThrow('"1.5"');
  });

  it('gives the example of each language', () => {
    expect(amountExample('en')).toBe('45,000.5');
    expect(amountExample('it')).toBe('45.000,5');
    expect(amountExample('it-IT')).toBe('45.000,5');
  });
});

describe('formatAmountEcho: the parsed value said back in the language', () => {
  const nb = '\u00a0';
  it.each([
    [45_000_000_000n, USDT_DECIMALS, 3, 'it', `45${nb}000,000`],
    [45_000_000_000n, USDT_DECIMALS, 3, 'en', `45${nb}000.000`],
    [45_000_500_000n, USDT_DECIMALS, 3, 'it', `45${nb}000,500`],
    [1_500_000n, USDT_DECIMALS, 3, 'it', '1,500'],
    [1n, USDT_DECIMALS, 3, 'en', '0.000001'],
    [1_234_567_000_000n, USDT_DECIMALS, 3, 'en', `1${nb}234${nb}567.000`],
    [10n ** 21n + 1n, NATURA_DECIMALS, 2, 'it', `1${nb}000,000000000000000001`],
    [25n * 10n ** 17n, NATURA_DECIMALS, 2, 'en', '2.50'],
  ])('%s (%i decimals, %i places, %s) → %j', (value, decimals, places, language, expected) => {
    expect(formatAmountEcho(value, decimals, places, language)).toBe(expected);
  });

  it('reads its own echo back to the same value in both languages', () => {
    for (const language of ['en', 'it']) {
      const value = 45_000_500_000n;
      expect(parseLocalAmount(formatAmountEcho(value, USDT_DECIMALS, 3, language), USDT_DECIMALS, language)).toBe(
        value,
      );
    }
  });
});
