/** A route id as the app accepts it (and the web server's preload hints match it): a CMS numeric id, no sign, no zeros in front. */
export const ROUTE_ID_PATTERN = '[1-9][0-9]{0,9}';
const ROUTE_ID = new RegExp(`^${ROUTE_ID_PATTERN}$`);

/** Route ids are CMS numeric ids; anything else ("abc", "1.5", "-3") is treated as not found. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !ROUTE_ID.test(value)) return null;
  return Number(value);
}
