/**
 * Number formatting for the screen. Token amounts stay bigint until here and are formatted
 * exactly (no float round-trip); Intl supplies the separators of the active language.
 */
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';

/** Counts above 999 are shown in thousands with two decimals and a `k` (1234 → 1.23k). */
export function formatCompactCount(value: number, locale = 'en'): string {
  if (!Number.isFinite(value)) return '0';
  if (Math.abs(value) <= 999) {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }).format(value);
  }
  const thousands = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value / 1000);
  return `${thousands}k`;
}

/** Exact decimal string of `value / 10^decimals`, rounded half-up to `places` decimals. */
export function toDecimalString(value: bigint, decimals: number, places: number): string {
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  if (places < decimals) {
    const divisor = 10n ** BigInt(decimals - places);
    magnitude = (magnitude + divisor / 2n) / divisor;
  } else {
    magnitude *= 10n ** BigInt(places - decimals);
  }
  const digits = magnitude.toString().padStart(places + 1, '0');
  const integer = places === 0 ? digits : digits.slice(0, -places);
  const fraction = places === 0 ? '' : digits.slice(-places);
  const sign = negative && magnitude !== 0n ? '-' : '';
  return fraction ? `${sign}${integer}.${fraction}` : `${sign}${integer}`;
}

function localise(decimal: string, minPlaces: number, maxPlaces: number, grouping: boolean, locale: string): string {
  // Intl formats a decimal string exactly (no conversion to a float).
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minPlaces,
    maximumFractionDigits: maxPlaces,
    useGrouping: grouping,
  }).format(decimal as unknown as number);
}

export function formatTokenAmount(value: bigint, decimals: number, places: number, locale = 'en'): string {
  return localise(toDecimalString(value, decimals, places), places, places, false, locale);
}

export interface AmountStyle {
  /**
   * Decimals to show, rounded half-up; `'exact'` shows every significant decimal of the value
   * (none for a whole number), as a figure whose precision nobody chose is best shown.
   */
  places: number | 'exact';
  /** Thousands separators of the language (lists of prices go without, deployed-system.md §U15). */
  grouping?: boolean;
}

/** `value / 10^decimals` in the given style, exactly, with the separators of `locale`. */
export function formatAmount(value: bigint, decimals: number, style: AmountStyle, locale = 'en'): string {
  const grouping = style.grouping ?? false;
  if (style.places === 'exact') {
    return localise(toDecimalString(value, decimals, decimals), 0, decimals, grouping, locale);
  }
  return localise(toDecimalString(value, decimals, style.places), style.places, style.places, grouping, locale);
}

/** USDT base units (6 decimals) with 3 decimals, as prices are shown (deployed-system.md §P9). */
export function formatUsdt(value: bigint, locale = 'en'): string {
  return formatTokenAmount(value, USDT_DECIMALS, 3, locale);
}

/** Natura base units (18 decimals) with 2 decimals, as rewards are shown (deployed-system.md §P9). */
export function formatNatura(value: bigint, locale = 'en'): string {
  return formatTokenAmount(value, NATURA_DECIMALS, 2, locale);
}
