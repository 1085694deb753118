import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadEnv, type ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, nginxSiteConfig, nginxStandaloneConfig } from '../../scripts/delivery/nginx';
import { productionEnvCheck, productionEnvProblems } from '../../scripts/delivery/production-env';

/** Production configuration checked at build time; the web server's config generated from it. */

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The process env without the VITE_* values vitest put there for the test profile. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));

/** Runs `read` with the .env files as the only source (Vite lets process env win, and vitest filled it). */
function withFilesOnly<T>(read: () => T): T {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
  try {
    return read();
  } finally {
    Object.assign(process.env, saved);
  }
}

const fileEnv = (mode: string) => withFilesOnly(() => loadEnv(mode, ROOT, 'VITE_'));

const production = fileEnv('production');
const REAL_ID = '3f1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c';

describe('production configuration at build time', () => {
  it('vite build in production mode refuses a WalletConnect id that is not 32 hex, naming the variable', () => {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const run = spawnSync(process.execPath, [vite, 'build', '--outDir', mkdtempSync(join(tmpdir(), 'tm-build-'))], {
      cwd: ROOT,
      env: { ...cleanEnv, VITE_WALLETCONNECT_PROJECT_ID: 'terra-mater-unregistered' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr + run.stdout).toMatch(/VITE_WALLETCONNECT_PROJECT_ID must be the 32-hex-character project id/);
    // It stopped before bundling anything.
    expect(run.stdout).not.toMatch(/built in/);
  });

  it('names every placeholder and malformed value; a registered id and real values pass', () => {
    expect(productionEnvProblems({ ...production, VITE_WALLETCONNECT_PROJECT_ID: REAL_ID })).toEqual([]);
    const problems = productionEnvProblems({
      ...production,
      VITE_WALLETCONNECT_PROJECT_ID: 'replace-with-your-project-id',
      VITE_INDEXER_API_KEY: 'your-moralis-key',
      VITE_RPC_URL: 'https://polygon-mainnet.g.alchemy.com/v2/<key>',
      VITE_CONTACT_EMAIL: 'not-an-email',
      VITE_DEV_WALLET: 'true',
    });
    expect(problems.map((problem) => problem.variable).sort()).toEqual([
      'VITE_CONTACT_EMAIL',
      'VITE_DEV_WALLET',
      'VITE_INDEXER_API_KEY',
      'VITE_RPC_URL',
      'VITE_WALLETCONNECT_PROJECT_ID',
    ]);
    for (const id of ['abc', `${REAL_ID}0`, '0'.repeat(32), 'g'.repeat(32)])
      expect(
        productionEnvProblems({ ...production, VITE_WALLETCONNECT_PROJECT_ID: id }).map((p) => p.variable),
      ).toEqual(['VITE_WALLETCONNECT_PROJECT_ID']);
  });

  it('local-stack and test builds are unaffected', () => {
    const hook = productionEnvCheck().configResolved as (config: ResolvedConfig) => void;
    const run = (mode: string) => () => withFilesOnly(() => hook({ mode, root: ROOT, envDir: ROOT } as ResolvedConfig));
    for (const mode of ['localstack', 'test', 'development']) expect(run(mode)).not.toThrow();
    // The committed .env.production still holds the unregistered placeholder id.
    expect(run('production')).toThrow(/VITE_WALLETCONNECT_PROJECT_ID/);
  });
});

describe('web server configuration', () => {
  it("the CSP is built from the configuration's own hosts", () => {
    const csp = contentSecurityPolicy({
      ...production,
      VITE_RPC_URLS: 'https://polygon-mainnet.g.alchemy.com/v2/k,https://polygon.drpc.org',
    });
    const directives = new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.terramaternfts.com',
        'https://polygon-mainnet.g.alchemy.com',
        'https://polygon.drpc.org',
        'https://deep-index.moralis.io',
        'wss://*.walletconnect.com',
      ]),
    );
    expect(directives.get('img-src')).toEqual(
      expect.arrayContaining(['https://api.terramaternfts.com', 'https://ipfs.io', 'https:', 'data:']),
    );
    expect(directives.get('frame-src')).toEqual([
      'https://verify.walletconnect.com',
      'https://verify.walletconnect.org',
    ]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
  });

  it('nginx accepts the generated configuration (nginx -t)', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'tm-nginx-'));
    mkdirSync(join(prefix, 'tmp'));
    const config = nginxStandaloneConfig({ env: production, root: ROOT, listen: '127.0.0.1:18099', prefix });
    writeFileSync(join(prefix, 'nginx.conf'), config);
    const run = spawnSync(
      'nginx',
      ['-t', '-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr, run.stderr).toContain('test is successful');
  });

  it('serves https with HTTP/2 beside http only when asked (the Lighthouse bench), naming its certificate', () => {
    const tls = { listen: '127.0.0.1:14443', certificate: '/tmp/cert.pem', key: '/tmp/key.pem' };
    const withTls = nginxSiteConfig({ env: production, root: ROOT, listen: '127.0.0.1:14273', tls });
    expect(withTls).toContain('listen 127.0.0.1:14273;');
    expect(withTls).toContain('listen 127.0.0.1:14443 ssl http2;');
    expect(withTls).toContain('ssl_certificate /tmp/cert.pem;');
    expect(withTls).toContain('ssl_certificate_key /tmp/key.pem;');
    expect(nginxSiteConfig({ env: production, root: ROOT, listen: '80' })).not.toMatch(/\bssl\b/);
  });

  it('the committed example site file is what the generator writes for .env.example', () => {
    const example = fileEnv('example');
    expect(example.VITE_CMS_URL).toBeDefined();
    expect(
      nginxSiteConfig({ env: example, root: '/srv/terra-mater', listen: '80', serverName: 'app.terramaternfts.com' }),
    ).toBe(readFileSync(join(ROOT, 'deploy', 'nginx', 'terra-mater.conf'), 'utf8'));
  });
});
