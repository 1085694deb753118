/**
 * The one rule for turning an NFT's image (or metadata) reference into a URL a browser can load
 * (deployed-system.md §I3): a leading `ipfs://` (optionally followed by `ipfs/`) becomes the configured
 * gateway (`ipfsGateway`, `https://ipfs.io/ipfs/` in production — the form persisted to the CMS
 * as `img_url` when listing); anything else is returned unchanged. Missing values give null, and
 * screens show the local placeholder (`PLACEHOLDER_IMAGE` of components/app-image) instead.
 */
export function toGatewayUrl(value: string | null | undefined, gateway: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const match = /^ipfs:\/\/(?:ipfs\/)?(.*)$/i.exec(trimmed);
  if (!match) return trimmed;
  const base = gateway.endsWith('/') ? gateway : `${gateway}/`;
  return `${base}${match[1]}`;
}

/**
 * `toGatewayUrl`, then a relative reference (a CMS upload such as `/uploads/x.png`) resolved
 * against the document it was read from (the metadata URL).
 */
export function resolveImageUrl(value: string | null | undefined, gateway: string, baseUrl?: string): string | null {
  const url = toGatewayUrl(value, gateway);
  if (!url || !baseUrl || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}
