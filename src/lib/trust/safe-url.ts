import { getConfig, type AppConfig } from '@/config/env';
import { toGatewayUrl } from '@/lib/indexer/image-url';

/**
 * URLs that come from the CMS or from NFT metadata are written by whoever may edit a row
 * (deployed-system.md §B1), so they are checked before the page uses them (§C9.5).
 */

export interface SafeLink {
  href: string;
  /** What the page shows, so the reader sees where the link goes. */
  host: string;
}

/** An `https:` link with a host, or null (javascript:, http:, data:, relative, malformed…). */
export function safeLink(value: string | null | undefined): SafeLink | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
  return { href: url.href, host: url.hostname };
}

type ImageConfig = Pick<AppConfig, 'cmsUrl' | 'rpcUrl' | 'ipfsGateway'>;

function localOrigins(config: ImageConfig): string[] {
  const origins = [config.cmsUrl, config.ipfsGateway];
  if (typeof window !== 'undefined') origins.push(window.location.origin);
  return origins.flatMap((value) => {
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
}

/**
 * An image source the page may load: `https:` anywhere, `ipfs://` through the configured gateway,
 * the configured CMS (its uploads, also over http locally) and the app's own files (`/img/…`).
 * Anything else (javascript:, data:, http: elsewhere, …) is null and the placeholder is shown.
 */
export function safeImageUrl(value: string | null | undefined, config: ImageConfig = getConfig()): string | null {
  const rewritten = toGatewayUrl(value, config.ipfsGateway);
  if (!rewritten) return null;
  if (rewritten.startsWith('/') && !rewritten.startsWith('//')) return rewritten;
  let url: URL;
  try {
    url = new URL(rewritten);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && localOrigins(config).includes(url.origin)) return url.href;
  return null;
}
