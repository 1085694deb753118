/**
 * Strapi's query strings (`filters[status][$eq]=Active&sort[0]=id:asc`), written without a
 * library: Strapi reads them with `qs`, and this writes the subset of `qs.stringify(params,
 * { encodeValuesOnly: true })` that the CMS calls use, byte for byte.
 *
 * - Objects nest as `key[child]`, arrays as `key[0]`, `key[1]`, … (Strapi needs the indexes for
 *   arrays of objects such as `filters[$and][0][owner][$eq]`).
 * - Keys are written as they are: they are code, never user input (`$eq`, not `%24eq`).
 * - Values are percent-encoded like qs does (RFC 3986: only `A–Z a–z 0–9 - _ . ~` stay literal),
 *   so user text such as a search term cannot break the string.
 * - `undefined` is left out, `null` is sent empty (`key=`), empty objects and arrays send nothing.
 */
const encodeValue = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const isScalar = (value: unknown): value is string | number | bigint | boolean =>
  ['string', 'number', 'bigint', 'boolean'].includes(typeof value);

export function toStrapiQuery(params: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null) {
      parts.push(`${key}=`);
    } else if (value instanceof Date) {
      parts.push(`${key}=${encodeValue(value.toISOString())}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
    } else if (isScalar(value)) {
      parts.push(`${key}=${encodeValue(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}

/** A CMS read without a body: the path under the CMS's base URL and its query parameters (Strapi-style). */
export interface CmsRead {
  path: string;
  params?: Readonly<Record<string, unknown>>;
}

/**
 * The URL the CMS client requests for `read`: axios joins the base URL and the path, and appends the serialised
 * parameters after a `?` when there are any. The server's preload hints (app/routes.ts, ANNOUNCED) must name these bytes
 * exactly for the browser to hand their response to the client's request.
 */
export function cmsReadUrl(baseUrl: string, { path, params }: CmsRead): string {
  const query = params ? toStrapiQuery(params) : '';
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
}
