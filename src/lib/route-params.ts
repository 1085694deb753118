/** Route ids are CMS numeric ids; anything else ("abc", "1.5", "-3") is treated as not found. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}
