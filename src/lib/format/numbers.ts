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

/**
 * Exact decimal string of `value / 10^decimals` at `places` decimals: rounded half-up, or toward zero
 * with `down` (the display policy's balances, below).
 */
export function toDecimalString(value: bigint, decimals: number, places: number, down = false): string {
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  if (places < decimals) {
    const divisor = 10n ** BigInt(decimals - places);
    magnitude = (magnitude + (down ? 0n : divisor / 2n)) / divisor;
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

/*
 * The display policy of amounts (docs/amounts.md): one kind per kind of figure, each with its decimals,
 * grouping and rounding. Every screen goes through `displayAmount` (or the <Amount> component that
 * shows its exact figure one tap away); nothing else chooses decimals for a token amount.
 */
export type AmountKind = 'price' | 'money' | 'reward' | 'natura';

interface KindRule {
  /** Most decimals shown. */
  places: number;
  /** Trailing zeros of the decimals are kept (fixed decimals) or dropped (at most `places`). */
  fixed: boolean;
  /** Thousands grouped in the language; prices go without (ui-reference.md §15). */
  grouping: boolean;
  /**
   * Toward zero: a balance, a sum paid or received, a reward due is never shown larger than it is,
   * so nobody plans a payment on money they do not have; a price is a rate, rounded half-up.
   */
  down: boolean;
}

const RULES: Record<AmountKind, KindRule> = {
  // Prices and price columns: 3 decimals (product-spec.md: "Prices shown with 3 decimals").
  price: { places: 3, fixed: true, grouping: false, down: false },
  // USDT (and dollars) in running text: cents.
  money: { places: 2, fixed: true, grouping: true, down: true },
  // Natura rewards: 2 decimals (product-spec.md: "rewards with 2").
  reward: { places: 2, fixed: true, grouping: true, down: true },
  // Any other Natura amount: at most 4 significant decimals.
  natura: { places: 4, fixed: false, grouping: true, down: true },
};

export interface DisplayedAmount {
  /** The figure as the policy writes it ("1,234.56", "< 0.01"). */
  text: string;
  /** Every significant decimal, grouped ("1,234.567891"). */
  exact: string;
  /** The text hides part of the value: the exact figure must be one tap away. */
  rounded: boolean;
}

/**
 * `value / 10^decimals` as the policy writes `kind` in `locale`, from bigint without floats. `kind` may also be a
 * fixed style where the spec sets a figure's decimals itself (the dashboard's cards and collections table,
 * contracts.md §6.1): those decimals, rounded half-up, with the exact figure known as for any other kind.
 */
export function displayAmount(
  value: bigint,
  decimals: number,
  kind: AmountKind | AmountStyle,
  locale = 'en',
): DisplayedAmount {
  const exact = formatAmount(value, decimals, { places: 'exact', grouping: true }, locale);
  if (typeof kind !== 'string') {
    const text = formatAmount(value, decimals, kind, locale);
    const hidden = kind.places === 'exact' || kind.places >= decimals ? 1n : 10n ** BigInt(decimals - kind.places);
    return { text, exact, rounded: value % hidden !== 0n };
  }
  const rule = RULES[kind];
  const places = Math.min(rule.places, decimals);
  const decimal = toDecimalString(value, decimals, places, rule.down);
  const magnitude = value < 0n ? -value : value;
  const step = 10n ** BigInt(decimals - places);
  // Rounding never turns a value that is not zero into zero: it shows the smallest step it hides under.
  if (magnitude !== 0n && magnitude < step && (rule.down || magnitude * 2n < step)) {
    const smallest = localise(toDecimalString(step, decimals, places), places, places, false, locale);
    return { text: `${value < 0n ? '> -' : '< '}${smallest}`, exact, rounded: true };
  }
  const text = localise(decimal, rule.fixed ? places : 0, places, rule.grouping, locale);
  const rounded = magnitude % step !== 0n;
  return { text, exact, rounded };
}

/** A displayed figure with its unit: "$" before the number, token units after it, in every language. */
export function withUnit(figure: string, unit: string | undefined): string {
  if (!unit) return figure;
  if (unit === '$') return figure.startsWith('<') ? `< $${figure.slice(2)}` : `$${figure}`;
  return `${figure} ${unit}`;
}

/** USDT base units (6 decimals) as a price: 3 decimals (product-spec.md). */
export function formatUsdt(value: bigint, locale = 'en'): string {
  return displayAmount(value, USDT_DECIMALS, 'price', locale).text;
}

/** Natura base units (18 decimals) as a reward: 2 decimals, rounded down (product-spec.md). */
export function formatNatura(value: bigint, locale = 'en'): string {
  return displayAmount(value, NATURA_DECIMALS, 'reward', locale).text;
}
