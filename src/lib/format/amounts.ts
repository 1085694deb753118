import { AmountParseError, parseTokenAmount } from '@/lib/chain/units';
import { formatAmount } from '@/lib/format/numbers';

/**
 * The one reader and echo of typed amounts. The active language decides the marks, as Intl gives them: English
 * writes `45,000.5` (comma groups thousands, point marks decimals), Italian `45.000,5`. The language's decimal
 * mark is authoritative, so a displayed price typed back reads as shown. Input that only the notation with the
 * two marks swapped explains (Italian `1.5`, English `1,5`) is refused as ambiguous, never guessed.
 */

interface Marks {
  decimal: string;
  group: string;
}

interface Notation extends Marks {
  /** The locale Intl formats in: the language's, or English when Intl does not know the language. */
  locale: string;
  /** The example the refusal shows: forty-five thousand and a half in this notation. */
  example: string;
}

const FORTY_FIVE_THOUSAND_AND_A_HALF = 45_000.5;

/** The marks and example of `language` from Intl: a new language needs no code here. */
function notationOf(language: string): Notation {
  let locale = 'en';
  try {
    locale = Intl.NumberFormat.supportedLocalesOf(language)[0] ?? locale;
  } catch {
    // Not a language tag at all: English, as for a language Intl does not know.
  }
  const format = new Intl.NumberFormat(locale);
  const parts = format.formatToParts(FORTY_FIVE_THOUSAND_AND_A_HALF);
  const mark = (type: Intl.NumberFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    decimal: mark('decimal'),
    group: mark('group'),
    locale,
    example: format.format(FORTY_FIVE_THOUSAND_AND_A_HALF),
  };
}

/** The reading a typed amount may have been meant in: the language's two marks swapped. */
function otherNotation(notation: Marks): Marks {
  return { decimal: notation.group, group: notation.decimal };
}

/** How the active language writes forty-five thousand and a half (for messages). */
export function amountExample(language: string): string {
  return notationOf(language).example;
}

const escape = (mark: string) => `\\${mark}`;
const SPACE = /[\s\u00a0\u202f]/;
const SPACES = /[\s\u00a0\u202f]+/g;

/** Digits with optional groups of exactly three, then an optional decimal part, in `notation`. */
function readPlain(text: string, notation: Marks): string | null {
  const pattern = new RegExp(
    `^(\\d+|\\d{1,3}(?:${escape(notation.group)}\\d{3})+)?(?:${escape(notation.decimal)}(\\d*))?$`,
  );
  const match = pattern.exec(text);
  if (!match || (match[1] === undefined && !match[2])) return null;
  const integer = (match[1] ?? '0').split(notation.group).join('');
  return match[2] ? `${integer}.${match[2]}` : integer;
}

/**
 * A typed amount in the active language → base units of a token with `decimals` decimals. Spaces
 * (including the no-break spaces of the echo) count as thousands separators. Throws AmountParseError:
 * 'empty', 'negative', 'not-a-number', 'ambiguous' (the notation with the marks swapped), 'too-many-decimals'
 * (never rounded), 'too-large'.
 */
export function parseLocalAmount(input: string, decimals: number, language: string): bigint {
  const notation = notationOf(language);
  const text = input.trim();
  if (text === '') throw new AmountParseError('empty', input, decimals);
  if (/^-\s*[\d.,]/.test(text)) throw new AmountParseError('negative', input, decimals);
  const spaced = SPACE.test(text);
  // Spaced groups beside the group mark ("45 000,000" in English) read either way: refused.
  if (spaced && !SPACE.test(notation.group) && text.includes(notation.group)) {
    throw new AmountParseError('ambiguous', input, decimals);
  }
  const plain = readPlain(text.replace(SPACES, notation.group), notation);
  if (plain === null) {
    const other = otherNotation(notation);
    const foreign = readPlain(text.replace(SPACES, other.group), other);
    throw new AmountParseError(foreign === null ? 'not-a-number' : 'ambiguous', input, decimals);
  }
  try {
    return parseTokenAmount(plain, decimals);
  } catch (error) {
    if (error instanceof AmountParseError) throw new AmountParseError(error.reason, input, decimals);
    throw error;
  }
}

const ECHO_SPACE = '\u00a0';

/**
 * The echo under an amount field ("45 000,000" in Italian): every significant decimal and at least
 * `minPlaces`, thousands grouped by a no-break space so the figure cannot be misread in either
 * notation, and the decimal mark of the language.
 */
export function formatAmountEcho(value: bigint, decimals: number, minPlaces: number, language: string): string {
  const notation = notationOf(language);
  const scale = 10n ** BigInt(Math.max(0, decimals - minPlaces));
  const style =
    value % scale === 0n ? { places: minPlaces, grouping: true } : { places: 'exact' as const, grouping: true };
  return formatAmount(value, decimals, style, notation.locale).split(notation.group).join(ECHO_SPACE);
}
