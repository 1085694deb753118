import { AmountParseError, parseTokenAmount } from '@/lib/chain/units';
import { formatAmount } from '@/lib/format/numbers';

/**
 * The one reader and echo of typed amounts. The active language decides the marks: English writes
 * `45,000.5` (comma groups thousands, point marks decimals), Italian `45.000,5`. The language's decimal
 * mark is authoritative, so a displayed price typed back reads as shown. Input that only the other
 * language's notation explains (Italian `1.5`, English `1,5`) is refused as ambiguous, never guessed.
 */

interface Notation {
  decimal: string;
  group: string;
  /** The example the refusal shows: forty-five thousand and a half in this notation. */
  example: string;
}

const NOTATIONS = {
  en: { decimal: '.', group: ',', example: '45,000.5' },
  it: { decimal: ',', group: '.', example: '45.000,5' },
} as const satisfies Record<string, Notation>;

function notationOf(language: string): Notation {
  return language.toLowerCase().startsWith('it') ? NOTATIONS.it : NOTATIONS.en;
}

function otherNotation(notation: Notation): Notation {
  return notation === NOTATIONS.it ? NOTATIONS.en : NOTATIONS.it;
}

/** How the active language writes forty-five thousand and a half (for messages). */
export function amountExample(language: string): string {
  return notationOf(language).example;
}

const escape = (mark: string) => `\\${mark}`;
const SPACES = /[\s\u00a0\u202f]+/g;

/** Digits with optional groups of exactly three, then an optional decimal part, in `notation`. */
function readPlain(text: string, notation: Notation): string | null {
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
 * 'empty', 'negative', 'not-a-number', 'ambiguous' (the other language's notation), 'too-many-decimals'
 * (never rounded), 'too-large'.
 */
export function parseLocalAmount(input: string, decimals: number, language: string): bigint {
  const notation = notationOf(language);
  const text = input.trim();
  if (text === '') throw new AmountParseError('empty', input, decimals);
  if (/^-\s*[\d.,]/.test(text)) throw new AmountParseError('negative', input, decimals);
  const spaced = /[\s\u00a0\u202f]/.test(text);
  // Spaced groups beside the group mark ("45 000,000" in English) read either way: refused.
  if (spaced && text.includes(notation.group)) throw new AmountParseError('ambiguous', input, decimals);
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
  return formatAmount(value, decimals, style, notation === NOTATIONS.it ? 'it' : 'en')
    .split(notation.group)
    .join(ECHO_SPACE);
}
