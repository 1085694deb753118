/**
 * The amount display policy of docs/amounts.md, written again here from its table (not imported from the
 * app), so the e2e tests compare the page with the chain's figures formatted independently.
 */
export type Kind = 'price' | 'money' | 'reward' | 'natura';

const RULES: Record<Kind, { places: number; fixed: boolean; grouping: boolean; down: boolean }> = {
  price: { places: 3, fixed: true, grouping: false, down: false },
  money: { places: 2, fixed: true, grouping: true, down: true },
  reward: { places: 2, fixed: true, grouping: true, down: true },
  natura: { places: 4, fixed: false, grouping: true, down: true },
};

const MARKS = { en: { group: ',', decimal: '.' }, it: { group: '.', decimal: ',' } } as const;

/** `value / 10^decimals` as the page writes a figure of `kind` in `language`. */
export function shown(value: bigint, decimals: number, kind: Kind, language: 'en' | 'it' = 'en'): string {
  const rule = RULES[kind];
  const marks = MARKS[language];
  const step = 10n ** BigInt(decimals - rule.places);
  if (value > 0n && value < step && (rule.down || value * 2n < step)) {
    return `< 0${marks.decimal}${'0'.repeat(rule.places - 1)}1`;
  }
  const scaled = rule.down ? value / step : (value + step / 2n) / step;
  const unit = 10n ** BigInt(rule.places);
  let integer = (scaled / unit).toString();
  let fraction = (scaled % unit).toString().padStart(rule.places, '0');
  if (!rule.fixed) fraction = fraction.replace(/0+$/, '');
  if (rule.grouping) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  return fraction ? `${integer}${marks.decimal}${fraction}` : integer;
}

/** Every significant decimal, grouped: the exact figure the page shows one tap away. */
export function exact(value: bigint, decimals: number, language: 'en' | 'it' = 'en'): string {
  const marks = MARKS[language];
  const unit = 10n ** BigInt(decimals);
  const integer = (value / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  const fraction = (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${integer}${marks.decimal}${fraction}` : integer;
}

/** An exact figure read back from the page ("2,469.135780246913578" in English) → base units. */
export function baseUnits(text: string, decimals: number, language: 'en' | 'it' = 'en'): bigint {
  const marks = MARKS[language];
  const [whole = '0', fraction = ''] = text.split(marks.group).join('').split(marks.decimal);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** "≈ $" of USD base units (6 decimals), as money. */
export function approxUsd(usd6: bigint, language: 'en' | 'it' = 'en'): string {
  const figure = shown(usd6, 6, 'money', language);
  return figure.startsWith('<') ? `< $${figure.slice(2)}` : `≈ $${figure}`;
}
