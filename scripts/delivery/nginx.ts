/**
 * The production web server's configuration, generated from the same VITE_* values the build
 * used: nginx (Debian's package plus libnginx-mod-http-brotli-static) serving dist/
 * with the SPA fallback, precompressed brotli/gzip, immutable hashed assets, a no-cache
 * index.html and the security headers, the Content-Security-Policy derived from the
 * configuration's own hosts. Used by `npm run deploy:nginx` (scripts/delivery/nginx-config.ts)
 * and by the local stack's e2e profile (scripts/stack/stack.ts), so both serve the same config.
 */
import { ANNOUNCED, type Announced } from '../../src/app/routes.ts';
import { parseConfig, type AppConfig } from '../../src/config/env.ts';
import { cmsReadUrl } from '../../src/lib/cms/query-string.ts';
import { ROUTE_ID_PATTERN } from '../../src/lib/route-params.ts';
import { routeFiles, type ChunkMap } from './route-code.ts';

/**
 * What Web3Modal v5 (@web3modal/ethers, @walletconnect/core 2.16) reaches with e-mail/social
 * login, Coinbase, on-ramp, swaps and analytics turned off (src/features/wallet/web3modal-connector.ts):
 * the relay (wss), the blockchain API / explorer / verify / pulse endpoints, the wallet list.
 */
export const WALLET_CONNECT_HOSTS = [
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'wss://*.walletconnect.com',
  'wss://*.walletconnect.org',
  'https://*.web3modal.org',
  'https://*.web3modal.com',
  // With the wallet still on Ethereum mainnet (before the switch to the app's chain), the modal
  // looks up the account's ENS name and avatar through ethers' InfuraProvider.
  'https://mainnet.infura.io',
];
/** WalletConnect Verify attests the dApp's origin in a hidden iframe: the only frame the modal opens. */
export const WALLET_FRAME_HOSTS = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];
/** Web3Modal's theme imports the Inter font from Google Fonts inside a `<style>` it inserts. */
const WALLET_STYLE_HOSTS = ['https://fonts.googleapis.com'];
const WALLET_FONT_HOSTS = ['https://fonts.gstatic.com'];

/** Base64 SHA-256 of the empty string. */
const EMPTY_SHA256 = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

function origin(url: string): string {
  return new URL(url).origin;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The Content-Security-Policy for a build made with `env` (its VITE_* values). */
export function contentSecurityPolicy(env: Record<string, string | undefined>): string {
  const config: AppConfig = parseConfig(env);
  const cms = origin(config.cmsUrl);
  // Every read node (rpc-nodes.ts fails over among them).
  const rpc = config.rpcUrls.map(origin);
  const indexer = origin(config.indexer.url);
  const ipfs = origin(config.ipfsGateway);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Web3Modal's button template carries an empty `ontouchstart` attribute (an iOS :active hack).
    // An empty handler does nothing; its hash is the only inline handler allowed.
    ['script-src-attr', ["'unsafe-hashes'", `'sha256-${EMPTY_SHA256}'`]],
    // React sets style properties through the CSSOM (not restricted); Web3Modal and sweetalert2
    // insert <style> elements whose content changes with the theme, so no hash can cover them.
    ['style-src', ["'self'", "'unsafe-inline'", ...WALLET_STYLE_HOSTS]],
    ['font-src', ["'self'", 'data:', ...WALLET_FONT_HOSTS]],
    // NFT images are any https URL an NFT's metadata names (sanitised by the image component);
    // CMS uploads may be plain http on a local CMS; wallet icons arrive as blob: and data: URLs.
    ['img-src', unique(["'self'", 'data:', 'blob:', cms, ipfs, 'https:'])],
    ['media-src', unique(["'self'", cms, ipfs, 'https:'])],
    ['connect-src', unique(["'self'", cms, ...rpc, indexer, ipfs, ...WALLET_CONNECT_HOSTS])],
    ['frame-src', WALLET_FRAME_HOSTS],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=63072000; includeSubDomains';
export const HASHED_ASSETS_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export interface SiteOptions {
  /** The build's VITE_* values (the CSP is derived from them). */
  env: Record<string, string | undefined>;
  /** Absolute path of the build (dist/). */
  root: string;
  /** nginx `listen` value, e.g. `80` or `127.0.0.1:14173`. */
  listen: string;
  serverName?: string;
  /**
   * Also serve https with HTTP/2 (nginx 1.22's `listen … ssl http2`), as the production front does: the local
   * stack's Lighthouse bench (scripts/bench/lighthouse.ts). The deployed site may terminate TLS in front of it instead.
   */
  tls?: { listen: string; certificate: string; key: string };
  /**
   * The build being served (route-code.ts `readBuild`): each route's code is announced with its document. Without it
   * only the routes' CMS reads are (a configuration written before the build, as the unit tests do).
   */
  build?: { chunks: ChunkMap; html: string };
}

const quote = (value: string) => `"${value.replace(/"/g, '\\"')}"`;

function addHeaders(entries: string[][]): string {
  // add_header in a location replaces the server's, so every location repeats its whole set. `always`: error
  // responses (404 of a missing asset) carry them too. An empty value (HSTS over plain http) makes nginx leave the
  // header out.
  return entries
    .map(([name, value]) => `    add_header ${name} ${value!.startsWith('$') ? value : quote(value!)} always;`)
    .join('\n');
}

/** A document's headers: what the browser applies to the page (CSP, framing, referrer, permissions). */
function documentHeaders(cacheControl: string, csp: string): string {
  return addHeaders([
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', REFERRER_POLICY],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Strict-Transport-Security', '$terra_mater_hsts'],
    ['Cache-Control', cacheControl],
  ]);
}

/**
 * A hashed script's or stylesheet's headers. The document-only ones are left out: a script or stylesheet runs under
 * its page's CSP, framing and permissions policies, never its own (the app starts no worker, whose script's CSP
 * would count). They were ≈ 1.2 kB of each script's 1.5 kB of headers, and a page loads 10–20 scripts.
 */
function assetHeaders(cacheControl: string): string {
  return addHeaders([
    ['X-Content-Type-Options', 'nosniff'],
    ['Strict-Transport-Security', '$terra_mater_hsts'],
    ['Cache-Control', cacheControl],
  ]);
}

/** Stands for a route's id while its reads' URLs are written; then replaced by the id nginx captured. */
const ROUTE_ID_SENTINEL = '8642086420';

/** Link entries for the requests Vite's loader makes: module scripts, and stylesheets with crossorigin. */
function codeLinks(files: { styles: string[]; scripts: string[] } | undefined): string[] {
  return [
    ...(files?.styles ?? []).map((file) => `<${file}>; rel=preload; as=style; crossorigin`),
    ...(files?.scripts ?? []).map((file) => `<${file}>; rel=modulepreload; crossorigin`),
  ];
}

/** Bootstrap's later components: the app asks for them as it starts (src/app/component-styles.ts). */
const COMPONENT_STYLES = 'src/app/bootstrap-components.scss';
/** The English namespaces not in the entry (English is the language of a first visit), for a page that reads any. */
const ENGLISH_SCREENS = 'src/lib/i18n/bundles/en-screens.ts';

/**
 * The source modules a route loads before its largest element has arrived (src/app/routes.ts `ANNOUNCED`): its page
 * (src/pages/<name in kebab case>.tsx), the component styles, the English screens' translations when the page reads
 * namespaces of its own, and the modules listed for it. route-code.ts adds what they import statically.
 */
export function routeModules({ route: { page }, code }: Announced): string[] {
  const pageModule = `src/pages/${page.name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase()}.tsx`;
  return [pageModule, ...(page.namespaces.length > 0 ? [ENGLISH_SCREENS] : []), COMPONENT_STYLES, ...code];
}

/**
 * One location per route with first requests: the app shell, with a `Link` header that preloads the route's CMS reads
 * and its code (src/app/routes.ts `ANNOUNCED`), so the browser fetches them with the document instead of after
 * the app's code has downloaded and run. Without these hints the browser learns of a route's chunks only once the
 * entry has been downloaded and run, and of the chunks those import lazily one round trip later each. A route with an
 * id matches only the ids the app accepts; the reads' URLs carry the id nginx captured. nginx reads `$` in a string as
 * a variable, so Strapi's `$eq` is written with a variable holding `$`.
 */
export function firstRequestLocations(
  config: Pick<AppConfig, 'cmsUrl' | 'verifiedCollections'>,
  csp: string,
  build?: SiteOptions['build'],
): string {
  const { cmsUrl } = config;
  return ANNOUNCED.map((announced) => {
    const { path } = announced.route;
    const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    if (names.length > 1) throw new Error(`${path}: one route parameter at most`);
    const [name] = names;
    const reads = announced.reads?.(name ? { [name]: ROUTE_ID_SENTINEL } : {}, config);
    const code = build ? routeFiles(build, routeModules(announced)) : undefined;
    // The document's own files come first: the browser acts on these hints before it has parsed the page that
    // names them.
    const link = [
      ...codeLinks(code?.document),
      ...(reads ?? []).map((read) => `<${cmsReadUrl(cmsUrl, read)}>; rel=preload; as=fetch; crossorigin`),
      ...codeLinks(code),
    ]
      .join(', ')
      .replaceAll('$', '${terra_mater_dollar}')
      .replaceAll(ROUTE_ID_SENTINEL, '${terra_mater_route_id}');
    // Nothing to announce (no reads, and written without a build): the SPA fallback serves it.
    if (!link) return '';
    const match = name
      ? `~ "^${path.replace(`:${name}`, `(?<terra_mater_route_id>${ROUTE_ID_PATTERN})`)}$"`
      : `= ${path}`;
    return `    location ${match} {
        try_files /index.html =404;
${documentHeaders(REVALIDATE_CACHE, csp)}
${addHeaders([['Link', link]])}
    }
`;
  })
    .filter(Boolean)
    .join('\n');
}

/** A site file for nginx's http context (Debian: /etc/nginx/sites-enabled/terra-mater.conf). */
function tlsLines(tls: SiteOptions['tls']): string {
  if (!tls) return '';
  return `
    listen ${tls.listen} ssl http2;
    ssl_certificate ${tls.certificate};
    ssl_certificate_key ${tls.key};`;
}

// The comments in the generated configuration below are those of deploy/nginx/terra-mater.conf, which
// tests/unit/production-build.test.ts compares byte for byte with this output: change both together
// (they name src/app/routes.ts, `ANNOUNCED`).
export function nginxSiteConfig({ env, root, listen, serverName = '_', tls, build }: SiteOptions): string {
  const csp = contentSecurityPolicy(env);
  const config = parseConfig(env);
  return `# Terra Mater dApp — generated by scripts/delivery/nginx-config.ts from the build's VITE_* values.
# Do not edit by hand: change the configuration and regenerate. Needs nginx with the
# brotli_static module (Debian: apt-get install nginx libnginx-mod-http-brotli-static).${
    build
      ? ''
      : `
# Written without a build: the routes announce their CMS reads only. Generated with --dist after a build, they
# announce their code too (src/app/routes.ts, ANNOUNCED).`
  }

# HSTS only when the request came over https (directly, or through a TLS-terminating proxy).
map $http_x_forwarded_proto $terra_mater_scheme {
    default $scheme;
    https https;
}
map $terra_mater_scheme $terra_mater_hsts {
    default "";
    https "${HSTS}";
}
# A literal "$" inside strings (nginx has no escape for it): the preload hints' Strapi filters ($eq).
geo $terra_mater_dollar {
    default "$";
}

server {
    listen ${listen};${tlsLines(tls)}
    server_name ${serverName};
    root ${root};
    index index.html;
    server_tokens off;
    charset utf-8;

    # Compression: the build writes .br and .gz beside every text file (scripts/delivery/precompress.ts);
    # anything else compressible is gzipped on the fly.
    brotli_static on;
    gzip_static on;
    gzip on;
    gzip_vary on;
    gzip_proxied any;
    gzip_min_length 512;
    gzip_types text/plain text/css text/xml application/javascript application/json application/xml image/svg+xml application/manifest+json;

    # Hashed build output: never changes under the same name. Scripts and stylesheets without the document-only
    # headers; images and fonts (an SVG opened on its own is a document) keep them all.
    location /assets/ {
        try_files $uri =404;
${documentHeaders(HASHED_ASSETS_CACHE, csp)}
        location ~ \\.(?:js|css)$ {
            try_files $uri =404;
${assetHeaders(HASHED_ASSETS_CACHE)}
        }
    }

    # The app shell: always revalidated, so a deployment is picked up on the next load.
    location = /index.html {
${documentHeaders(REVALIDATE_CACHE, csp)}
    }

    # The build's map of its chunks (route-code.ts): read when this file is generated, not served.
    location ^~ /.vite/ {
        return 404;
    }

    # The routes whose first CMS reads and code are announced with the document (src/app/routes.ts,
    # ANNOUNCED): the app shell plus a Link header that preloads them.
${firstRequestLocations(config, csp, build)}
    # Files of public/ (robots.txt, images), and every other path is a client route: SPA fallback.
    location / {
        try_files $uri /index.html;
${documentHeaders(REVALIDATE_CACHE, csp)}
    }
}
`;
}

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface StandaloneOptions extends SiteOptions {
  /** Directory for the pid file, logs and temp dirs (nginx -p). */
  prefix: string;
}

/**
 * A complete nginx.conf that runs unprivileged (own pid, logs and temp dirs under `prefix`, a
 * port above 1024) around the same site: the local stack's e2e profile.
 */
export function nginxStandaloneConfig(options: StandaloneOptions): string {
  const { prefix } = options;
  return `# Generated by scripts/stack/stack.ts for the e2e stack; nginx -p ${prefix} -c ${prefix}/nginx.conf
load_module ${BROTLI_STATIC_MODULE};
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${prefix}/access.log;
    client_body_temp_path ${prefix}/tmp/client;
    proxy_temp_path ${prefix}/tmp/proxy;
    fastcgi_temp_path ${prefix}/tmp/fastcgi;
    uwsgi_temp_path ${prefix}/tmp/uwsgi;
    scgi_temp_path ${prefix}/tmp/scgi;
    sendfile on;
${nginxSiteConfig(options)
  .split('\n')
  .map((line) => (line ? `    ${line}` : line))
  .join('\n')}
}
`;
}
