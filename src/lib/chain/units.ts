import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { toDecimalString } from '@/lib/format/numbers';

/**
 * Conversions between what people type (or what the CMS stores: human USDT) and on-chain base
 * units. Parsing is strict: an amount that cannot be represented exactly is rejected, never
 * rounded. Display formatting lives in `@/lib/format/numbers`.
 */

export type AmountErrorReason = 'empty' | 'not-a-number' | 'ambiguous' | 'negative' | 'too-many-decimals' | 'too-large';

export class AmountParseError extends Error {
  constructor(
    readonly reason: AmountErrorReason,
    readonly input: string,
    readonly decimals: number,
  ) {
    super(
      `Invalid amount "${input}": ${reason.replace(/-/g, ' ')}${reason === 'too-many-decimals' ? ` (at most ${decimals})` : ''}.`,
    );
    this.name = 'AmountParseError';
  }
}

const MAX_UINT256 = (1n << 256n) - 1n;
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * Parses a non-negative decimal string ("12", "12.5", ".5", "12.") into base units of a token with
 * `decimals` decimals. Surrounding whitespace is ignored; signs, exponents, separators and any
 * precision beyond `decimals` are rejected with an AmountParseError.
 */
export function parseTokenAmount(input: string, decimals: number): bigint {
  const text = input.trim();
  if (text === '') throw new AmountParseError('empty', input, decimals);
  if (/^-\s*[\d.]/.test(text)) throw new AmountParseError('negative', input, decimals);
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new AmountParseError('not-a-number', input, decimals);
  const integer = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new AmountParseError('too-many-decimals', input, decimals);
  const value = BigInt(integer) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (value > MAX_UINT256) throw new AmountParseError('too-large', input, decimals);
  return value;
}

/** Human USDT ("12.5") → USDT base units (6 decimals). */
export function parseUsdt(input: string): bigint {
  return parseTokenAmount(input, USDT_DECIMALS);
}

/** Human Natura ("1000.25") → Natura wei (18 decimals). */
export function parseNatura(input: string): bigint {
  return parseTokenAmount(input, NATURA_DECIMALS);
}

/** Expands a JS number to a plain decimal string (String(1e-7) is "1e-7", which is not plain). */
function plainNumber(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * A CMS price (human USDT, stored as a decimal and delivered as a number or a string) → USDT base
 * units. The number's shortest round-trip form is used, so 0.1 becomes exactly 100000.
 */
export function usdtFromCmsPrice(price: number | string): bigint {
  if (typeof price === 'number') {
    if (!Number.isFinite(price)) throw new AmountParseError('not-a-number', String(price), USDT_DECIMALS);
    if (price < 0) throw new AmountParseError('negative', String(price), USDT_DECIMALS);
    return parseUsdt(plainNumber(price));
  }
  return parseUsdt(price);
}

/** USDT base units → the exact human decimal string the CMS stores ("12.5", "0.000001"). */
export function usdtToCmsPrice(value: bigint): string {
  const text = toDecimalString(value, USDT_DECIMALS, USDT_DECIMALS);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
