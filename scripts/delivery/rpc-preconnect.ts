/**
 * index.html's early connection to the preferred read node (`%VITE_RPC_URL%` in its preconnect hint). The app reads
 * a list of nodes (`VITE_RPC_URLS`, preferred first; `VITE_RPC_URL`, one node, is still accepted), which Vite's own
 * `%VITE_…%` replacement cannot pick from: this plugin puts the preferred node's origin there, and drops the hint
 * when no node is configured (the app then shows its configuration error).
 */
import { loadEnv, type Plugin } from 'vite';

const PLACEHOLDER = '%VITE_RPC_URL%';

/** The origin of the preferred read node, or null when none is configured (or it is not a URL). */
export function preferredNodeOrigin(env: Record<string, string | undefined>): string | null {
  const [first] = (env.VITE_RPC_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const url = first ?? env.VITE_RPC_URL?.trim();
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function rpcPreconnect(): Plugin {
  let origin: string | null = null;
  return {
    name: 'terra-mater:rpc-preconnect',
    configResolved(config) {
      origin = preferredNodeOrigin(
        loadEnv(config.mode, typeof config.envDir === 'string' ? config.envDir : config.root, 'VITE_'),
      );
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        origin
          ? html.replaceAll(PLACEHOLDER, origin)
          : html.replace(new RegExp(`\\s*<link[^>]*${PLACEHOLDER}[^>]*>`, 'g'), ''),
    },
  };
}
