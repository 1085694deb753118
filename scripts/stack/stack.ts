/**
 * The local stack in one call: anvil + reference contracts, the Strapi CMS seeded with the
 * deployed addresses, and the app pointed at both. Used by `npm start` (scripts/stack/cli.ts)
 * and by the Playwright harness (tests/e2e/global-setup.ts), so both run the same code.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startAnvil, type AnvilHandle } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, startBlocksEnv, type Deployment } from '../../contracts/deploy/deploy.ts';
import { compileContracts } from '../../contracts/scripts/compile.ts';
import { BROTLI_STATIC_MODULE, nginxStandaloneConfig } from '../delivery/nginx.ts';
import { readBuild } from '../delivery/route-code.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const CONTACT_EMAIL = 'info@terramaternfts.com';

export interface StackOptions {
  anvilPort?: number;
  cmsPort?: number;
  appPort?: number;
  /**
   * dev: Vite dev server; preview: production build of the localstack profile served by nginx with
   * the generated production config (scripts/delivery/nginx.ts: CSP, headers, compression,
   * SPA fallback), as deployed; none: no app.
   */
  app?: 'dev' | 'preview' | 'none';
  /** Offer the anvil-backed dev wallet in the app (local profile only). */
  devWallet?: boolean;
  /** Start the CMS from an empty database (reseeded). */
  freshCms?: boolean;
  /** Where this stack keeps its files (deployment JSON, CMS database, app build). */
  workDir?: string;
  /**
   * preview only: nginx also serves the app over https with HTTP/2 on this port, with a self-signed certificate
   * made with openssl (a browser needs --ignore-certificate-errors): how the Lighthouse bench loads the app.
   */
  tlsPort?: number;
  log?: (line: string) => void;
}

export interface RunningStack {
  rpcUrl: string;
  cmsUrl: string;
  appUrl: string | null;
  /** The app over https (HTTP/2), when `tlsPort` was given. */
  appTlsUrl: string | null;
  deployment: Deployment;
  deploymentFile: string;
  stop(): Promise<void>;
}

interface CmsHandle {
  url: string;
  stop(): Promise<void>;
}

/** The API of cms/harness.mjs (plain JS, loaded at run time). */
interface CmsHarness {
  ensureCmsInstalled(options?: { log?: (line: string) => void }): Promise<void>;
  startCms(options: {
    port?: number;
    dataDir?: string;
    deploymentFile?: string;
    fresh?: boolean;
    env?: Record<string, string>;
    log?: (line: string) => void;
  }): Promise<CmsHandle>;
}

export class StackError extends Error {
  constructor(
    readonly part: 'chain' | 'contracts' | 'cms' | 'app',
    message: string,
  ) {
    super(`[${part}] ${message}`);
    this.name = 'StackError';
  }
}

async function step<T>(part: StackError['part'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StackError) throw error;
    throw new StackError(part, error instanceof Error ? error.message : String(error));
  }
}

export async function loadCmsHarness(): Promise<CmsHarness> {
  return (await import(pathToFileURL(join(REPO_ROOT, 'cms', 'harness.mjs')).href)) as CmsHarness;
}

/** The local stack's read nodes: the same anvil under two URLs. */
export function localReadNodes(rpcUrl: string): string[] {
  const base = rpcUrl.replace(/\/+$/, '');
  return [`${base}/?node=1`, `${base}/?node=2`];
}

/** Every VITE_* value the app needs for the local profile, derived from the deployment. */
export function localEnv(
  deployment: Deployment,
  cmsUrl: string,
  devWallet: boolean,
  verifiedCollections = '',
): Record<string, string> {
  const pools = [0, 1, 2, 3].map((pid) => {
    const collection = deployment.collections.find((c) => c.pid === pid);
    if (!collection) throw new StackError('contracts', `no collection for staking pool ${pid} in the deployment`);
    return collection.address;
  });
  return {
    VITE_CMS_URL: cmsUrl,
    // Two read nodes, both this anvil (a query string tells them apart): the local stack runs the failover path
    // of rpc-nodes.ts as production does, and a browser test can take the first node down on its own.
    VITE_RPC_URLS: localReadNodes(deployment.rpcUrl).join(','),
    VITE_CHAIN_ID: String(deployment.chainId),
    VITE_CHAIN_NAME: 'Anvil Local',
    // anvil stands in for Polygon (its native coin plays POL) and has no block explorer: no explorer links.
    VITE_NATIVE_CURRENCY: 'POL',
    VITE_EXPLORER_URL: '',
    VITE_USDT_ADDRESS: deployment.contracts.usdt,
    VITE_NATURA_ADDRESS: deployment.contracts.natura,
    VITE_MARKETPLACE_ADDRESS: deployment.contracts.marketplace,
    VITE_MARKETPLACE_START_BLOCK: String(deployment.marketplaceStartBlock),
    VITE_START_BLOCKS: startBlocksEnv(deployment),
    VITE_STAKING_ADDRESS: deployment.contracts.staking,
    VITE_STAKING_HELPER_ADDRESS: deployment.contracts.stakingHelper,
    VITE_SWAP_ADDRESS: deployment.contracts.swap,
    VITE_STAKING_POOL_0: pools[0]!,
    VITE_STAKING_POOL_1: pools[1]!,
    VITE_STAKING_POOL_2: pools[2]!,
    VITE_STAKING_POOL_3: pools[3]!,
    // The local stack trusts every collection it deployed (the pools are trusted anyway).
    VITE_TRUSTED_COLLECTIONS: deployment.collections
      .filter((c) => c.pid === null)
      .map((c) => c.address)
      .join(','),
    // Each deployed collection's seeded CMS row is its verified page (`verifiedCollectionPairs`).
    VITE_VERIFIED_COLLECTIONS: verifiedCollections,
    VITE_BURN_ADDRESS: '0x000000000000000000000000000000000000dEaD',
    VITE_INDEXER_URL: 'https://deep-index.moralis.io/api/v2',
    VITE_INDEXER_CHAIN: 'polygon',
    VITE_INDEXER_API_KEY: '',
    VITE_WALLETCONNECT_PROJECT_ID: 'terra-mater-local',
    VITE_IPFS_GATEWAY: 'https://ipfs.io/ipfs/',
    VITE_CONTACT_EMAIL: CONTACT_EMAIL,
    VITE_DEV_WALLET: devWallet ? 'true' : 'false',
  };
}

/**
 * `contract=id` of the CMS row the seed made for each deployed collection (cms/lib/seed.js: the chain
 * collections come first, but a database kept across deploys gives new ones later ids), read from the
 * running CMS so the pairs name the real rows: the lowest id holding the contract is the seed's row.
 */
export async function verifiedCollectionPairs(deployment: Deployment, cmsUrl: string): Promise<string> {
  const url = `${cmsUrl}/api/collections?fields[0]=contract_address&sort[0]=id:asc&pagination[pageSize]=100`;
  const response = await fetch(url);
  if (!response.ok) throw new StackError('cms', `GET ${url} answered HTTP ${response.status}`);
  const body = (await response.json()) as { data: { id: number; attributes: { contract_address: string | null } }[] };
  return deployment.collections
    .map((collection) => {
      const row = body.data.find(
        (item) => item.attributes.contract_address?.toLowerCase() === collection.address.toLowerCase(),
      );
      if (!row) throw new StackError('cms', `the seeded CMS has no collection row for ${collection.address}`);
      return `${collection.address}=${row.id}`;
    })
    .join(',');
}

async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`did not answer ${url} within ${Math.round(timeoutMs / 1000)} s (${lastError})`);
}

function runVite(args: string[], env: Record<string, string>, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[app] ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

/** A self-signed certificate for 127.0.0.1 (openssl, valid two days), made once per prefix. */
function selfSignedTls(prefix: string, port: number) {
  const certificate = join(prefix, 'tls-cert.pem');
  const key = join(prefix, 'tls-key.pem');
  if (!existsSync(certificate) || !existsSync(key)) {
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '2'].concat([
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]),
      { encoding: 'utf8' },
    );
    if (made.status !== 0)
      throw new Error(`openssl could not make a certificate: ${made.stderr || made.error?.message}`);
  }
  return { listen: `127.0.0.1:${port}`, certificate, key };
}

/**
 * Debian's nginx as an unprivileged-port process with its own prefix (config, pid, logs, temp
 * dirs) under the stack's work dir. Run as root (CI containers), its workers keep root's user so
 * they can read the build wherever the checkout lives.
 */
function runNginx(
  options: { root: string; port: number; tlsPort?: number; env: Record<string, string>; prefix: string },
  log: (line: string) => void,
): ChildProcess {
  const { prefix } = options;
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  for (const needed of [nginx, BROTLI_STATIC_MODULE])
    if (!existsSync(needed))
      throw new Error(
        `${needed} is missing: the e2e app is served by Debian's nginx with brotli_static (apt-get install nginx libnginx-mod-http-brotli-static; scripts/test.sh does it)`,
      );
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const config = nginxStandaloneConfig({
    env: options.env,
    root: options.root,
    listen: `127.0.0.1:${options.port}`,
    tls: options.tlsPort === undefined ? undefined : selfSignedTls(prefix, options.tlsPort),
    build: readBuild(options.root),
    prefix,
  });
  writeFileSync(join(prefix, 'nginx.conf'), asRoot ? `user ${userInfo().username};\n${config}` : config);
  const child = spawn(nginx, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], {
    cwd: prefix,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[app] nginx: ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  child.on('error', (error) => log(`[app] nginx did not start: ${error.message}`));
  return child;
}

async function runToEnd(child: ChildProcess): Promise<void> {
  await new Promise<void>((done, fail) => {
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with code ${code}`))));
    child.on('error', fail);
  });
}

function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000);
    child.on('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workDir = options.workDir ?? join(REPO_ROOT, '.stack');
  mkdirSync(workDir, { recursive: true });
  const deploymentFile = join(workDir, 'deployment.json');
  const cmsPort = options.cmsPort ?? 1337;
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopPart of stops.reverse())
      await stopPart().catch((error: unknown) => log(`stop failed: ${String(error)}`));
    stops.length = 0;
  };

  try {
    const started = Date.now();
    const artifacts = await step('contracts', () => compileContracts());
    const anvil: AnvilHandle = await step('chain', () => startAnvil({ port: options.anvilPort ?? 8545, quiet: true }));
    stops.push(() => anvil.stop());
    log(`chain     ${anvil.url} (anvil, chain id 31337)`);
    const deployment = await step('contracts', () =>
      deployAndSeed({ rpcUrl: anvil.url, cmsUrl, artifacts, outFile: deploymentFile, envFile: null, quiet: true }),
    );
    log(`contracts deployed and seeded (${deployment.collections.length} collections) in ${Date.now() - started} ms`);

    const harness = await step('cms', () => loadCmsHarness());
    await step('cms', () => harness.ensureCmsInstalled({ log: (line) => log(`[cms] ${line}`) }));
    const cms = await step('cms', () =>
      harness.startCms({
        port: cmsPort,
        dataDir: join(workDir, 'cms'),
        deploymentFile,
        fresh: options.freshCms ?? true,
        env: { LOCAL_OUTBOX: '1', CONTACT_EMAIL, CMS_PUBLIC_URL: cmsUrl },
        log: (line) => log(`[cms] ${line}`),
      }),
    );
    stops.push(() => cms.stop());
    log(`cms       ${cms.url} (Strapi, seeded) after ${Date.now() - started} ms`);

    const verified = await step('cms', () => verifiedCollectionPairs(deployment, cms.url));
    const env = localEnv(deployment, cms.url, options.devWallet ?? true, verified);
    writeFileSync(
      join(REPO_ROOT, '.env.localstack'),
      `# Written by scripts/stack/stack.ts for the local stack; do not edit.\n${Object.entries(env)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n')}\n`,
    );

    let appUrl: string | null = null;
    let appTlsUrl: string | null = null;
    const mode = options.app ?? 'dev';
    if (mode !== 'none') {
      const appPort = options.appPort ?? (mode === 'dev' ? 5173 : 4173);
      appUrl = `http://127.0.0.1:${appPort}`;
      if (mode === 'preview') {
        const outDir = join(workDir, 'app');
        await step('app', () =>
          runToEnd(
            runVite(
              ['build', '--mode', 'localstack', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
              env,
              log,
            ),
          ),
        );
        const { tlsPort } = options;
        const server = runNginx({ root: outDir, port: appPort, tlsPort, env, prefix: join(workDir, 'nginx') }, log);
        stops.push(() => killGroup(server));
        await step('app', () => waitForHttp(appUrl!, 30_000, server));
        if (tlsPort !== undefined) appTlsUrl = `https://127.0.0.1:${tlsPort}`;
      } else {
        const server = runVite(['--mode', 'localstack', '--port', String(appPort), '--strictPort'], env, log);
        stops.push(() => killGroup(server));
        await step('app', () => waitForHttp(appUrl!, 60_000, server));
      }
      log(`app       ${appUrl} (${mode}) after ${Date.now() - started} ms`);
    }
    return { rpcUrl: anvil.url, cmsUrl: cms.url, appUrl, appTlsUrl, deployment, deploymentFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The app's Vite dev server (React's development build, which prints the warnings a production build leaves out)
 * pointed at an already-running stack's chain and CMS: tests/e2e/dev-build.spec.ts starts it beside the e2e stack,
 * so the check costs one dev server start, not a second stack. The caller stops it.
 */
export async function startDevApp(options: {
  deployment: Deployment;
  cmsUrl: string;
  port: number;
  log?: (line: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const verified = await verifiedCollectionPairs(options.deployment, options.cmsUrl);
  const env = localEnv(options.deployment, options.cmsUrl, false, verified);
  const url = `http://127.0.0.1:${options.port}`;
  // VITE_* values from the environment win over .env.localstack (Vite's rule), so this server follows this stack.
  const server = runVite(
    ['--mode', 'localstack', '--port', String(options.port), '--strictPort'],
    env,
    options.log ?? (() => undefined),
  );
  try {
    await waitForHttp(url, 120_000, server);
  } catch (error) {
    await killGroup(server);
    throw error;
  }
  return { url, stop: () => killGroup(server) };
}
