/** "Jan 2022" / "gen 2022": the collection page's Created stat. Empty for missing or invalid dates. */
export function formatMonthYear(value: string | number | Date | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A chain event's time (Unix seconds) in the active language and the reader's time zone: "28 Nov 2026, 14:05". */
export function formatDateTime(unixSeconds: number, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(unixSeconds * 1000),
  );
}

/** The ISO form of a chain event's time, for `<time dateTime>`. */
export const isoOfUnix = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();
