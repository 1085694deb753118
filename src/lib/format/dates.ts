/** "Jan 2022" / "gen 2022": the collection page's Created stat. Empty for missing or invalid dates. */
export function formatMonthYear(value: string | number | Date | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A block time (Unix seconds) as date and time in the reader's time zone: "28 Nov 2026, 03:12". Empty when unknown. */
export function formatBlockTime(seconds: number | undefined, locale = 'en'): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}
