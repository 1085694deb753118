/** "Jan 2022" / "gen 2022": the collection page's Created stat. Empty for missing or invalid dates. */
export function formatMonthYear(value: string | number | Date | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}
