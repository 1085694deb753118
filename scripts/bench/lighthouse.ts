/**
 * Lighthouse (mobile, simulated throttling: Lighthouse's defaults) on every main route of the
 * production build, served by Debian's nginx with the generated production config
 * (scripts/delivery/nginx.ts) — the local stack's `preview` profile, as the e2e layer runs it —
 * against anvil + the seeded Strapi CMS. Debian's Chromium, a fresh profile for every run.
 * Prints, per route, the median of the runs (3 by default) for the four category scores and
 * FCP, LCP, TBT and CLS, and writes every run's report plus a summary to
 * artifacts/lighthouse/<time>/ (git-ignored).
 *
 *   npm run bench:lighthouse [-- --runs 3] [-- --routes home,explore] [-- --http]
 *
 * The app is loaded as production serves it, over https with HTTP/2: the same nginx also listens with TLS (a
 * self-signed certificate made with openssl; Chromium runs with --ignore-certificate-errors). The app's
 * configuration sends HSTS, so a deployment is https-only. --http measures plain http/1.1 instead, which allows six
 * connections to the app's origin at a time: the route's code that the server announces with the document
 * (src/app/routes.ts, ANNOUNCED) then queues behind the entry. The CMS and the RPC node stay plain http/1.1 either way.
 *
 * Ports: BENCH_ANVIL_PORT / BENCH_CMS_PORT / BENCH_APP_PORT (or the E2E_* names), defaults
 * 18645 / 11437 / 14273. CHROME_PATH overrides /usr/bin/chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import type { DeployedCollection } from '../../contracts/deploy/deploy.ts';
import { CHROMIUM_FLAGS } from '../chromium-flags.ts';
import { REPO_ROOT, startStack } from '../stack/stack.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    http: { type: 'boolean', default: false },
  },
});
const HTTPS = !values.http;
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive whole number, got ${values.runs}`);

const port = (name: string, fallback: number) =>
  Number(process.env[`BENCH_${name}_PORT`] ?? process.env[`E2E_${name}_PORT`] ?? fallback);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// As the e2e layer starts it (scripts/chromium-flags.ts), headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, ...(HTTPS ? ['--ignore-certificate-errors'] : [])];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;

interface StandardList<T> {
  data: { id: number; attributes: T }[];
}

async function cmsGet<T>(cmsUrl: string, path: string): Promise<T> {
  const response = await fetch(`${cmsUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The first active collection with a listed token, and that token's detail page (read from the CMS). */
async function pickPages(cmsUrl: string, collections: DeployedCollection[]) {
  for (const chain of collections) {
    const listed = chain.tokens.find((token) => token.state === 'listed');
    if (!listed) continue;
    const rows = await cmsGet<StandardList<{ status: string }>>(
      cmsUrl,
      `/api/collections?filters[contract_address][$eqi]=${chain.address}&sort[0]=id:asc`,
    );
    const row = rows.data[0];
    if (!row || row.attributes.status !== 'Active') continue;
    const nfts = await cmsGet<StandardList<unknown>>(
      cmsUrl,
      `/api/nft?filters[collection][id][$eq]=${row.id}&filters[token_id][$eq]=${listed.tokenId}`,
    );
    const nft = nfts.data[0];
    if (nft) return { collection: `/colection/${row.id}`, detail: `/ItemDetail/${nft.id}` };
  }
  throw new Error('the seeded deployment has no active collection with a listed token');
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
}

function figures(lhr: Result): RunFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)]),
  ) as RunFigures['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as RunFigures['metrics'];
  return { scores, metrics };
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Audits that did not pass in a run (score below 0.9), by category: what is left to fix, as the
 * report shows them (the metrics are in the table; the report's hidden audits are left out).
 */
function findings(lhr: Result): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const id of CATEGORIES) {
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'manual')
      .map((audit) => audit!.id);
    if (failing.length) out[id] = failing;
  }
  return out;
}

async function runLighthouse(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableFullPageScreenshot: true,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const pad = (text: string, width: number) => text.padStart(width);

async function main() {
  const startedAt = new Date();
  console.log(
    `Load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const appPort = port('APP', 14273);
  const tlsPort = HTTPS ? port('APP_TLS', 14443) : undefined;
  console.log(
    `Starting the local stack (production build behind nginx on ${appPort}${tlsPort ? `, https/HTTP2 on ${tlsPort}` : ''}) …`,
  );
  const stack = await startStack({
    app: 'preview',
    tlsPort,
    devWallet: false,
    anvilPort: port('ANVIL', 18645),
    cmsPort: port('CMS', 11437),
    appPort,
    workDir: join(REPO_ROOT, '.stack', `bench-${appPort}`),
    freshCms: true,
    log: (line) => {
      if (!line.startsWith('[app]') && !line.startsWith('[cms]')) console.log(`  ${line}`);
    },
  });
  try {
    const picked = await pickPages(stack.cmsUrl, stack.deployment.collections);
    const routes: Record<string, string> = {
      home: '/home',
      explore: '/explore',
      collection: picked.collection,
      detail: picked.detail,
      dashboard: '/dashboard',
      swapping: '/swapping',
      staking: '/nft-staking',
    };
    const chosen = values.routes ? values.routes.split(',').map((name) => name.trim()) : Object.keys(routes);
    for (const name of chosen)
      if (!routes[name]) throw new Error(`unknown route "${name}" (${Object.keys(routes).join(', ')})`);

    const outDir = join(REPO_ROOT, 'artifacts', 'lighthouse', startedAt.toISOString().replace(/[:.]/g, '-'));
    mkdirSync(outDir, { recursive: true });
    const summary: Record<string, { path: string; median: RunFigures; runs: RunFigures[]; findings: string[] }> = {};
    for (const name of chosen) {
      const path = routes[name]!;
      const runs: RunFigures[] = [];
      const failing = new Set<string>();
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await runLighthouse(`${HTTPS ? stack.appTlsUrl : stack.appUrl}${path}`);
        writeFileSync(join(outDir, `${name}-${run}.json`), JSON.stringify(lhr));
        const got = figures(lhr);
        runs.push(got);
        for (const [category, ids] of Object.entries(findings(lhr)))
          for (const id of ids) failing.add(`${category}:${id}`);
        console.log(
          `  ${name} run ${run}/${RUNS}: ${CATEGORIES.map((id) => got.scores[id]).join(' / ')}, LCP ${Math.round(got.metrics.LCP)} ms`,
        );
      }
      const med: RunFigures = {
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]),
        ) as RunFigures['scores'],
        metrics: Object.fromEntries(
          (Object.keys(METRICS) as (keyof typeof METRICS)[]).map((m) => [m, median(runs.map((r) => r.metrics[m]))]),
        ) as RunFigures['metrics'],
      };
      summary[name] = { path, median: med, runs, findings: [...failing].sort() };
    }

    const header = ['route', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'];
    const widths = [10, 5, 5, 8, 4, 7, 7, 7, 6];
    const rows = Object.entries(summary).map(([name, { median: m }]) => [
      name,
      String(m.scores.performance),
      String(m.scores.accessibility),
      String(m.scores['best-practices']),
      String(m.scores.seo),
      String(Math.round(m.metrics.FCP)),
      String(Math.round(m.metrics.LCP)),
      String(Math.round(m.metrics.TBT)),
      m.metrics.CLS.toFixed(3),
    ]);
    // Simulated throttling scales the CPU work it observed: on a busy machine TBT and LCP come out longer.
    const load = loadavg().map((value) => value.toFixed(2));
    console.log(
      `\nLighthouse ${RUNS === 1 ? '(1 run)' : `median of ${RUNS} runs`}, mobile, simulated throttling, ${HTTPS ? 'https (HTTP/2)' : 'http/1.1'}; load average at the end ${load.join(' ')}`,
    );
    console.log(`| ${header.map((cell, i) => (i ? pad(cell, widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`);
    console.log(
      `|${widths.map((width, i) => (i ? ` ${'-'.repeat(width - 1)}: ` : ` ${'-'.repeat(width)} `)).join('|')}|`,
    );
    for (const row of rows)
      console.log(`| ${row.map((cell, i) => (i ? pad(cell, widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`);
    console.log('\nAudits below 0.9 in at least one run:');
    for (const [name, { findings: ids }] of Object.entries(summary))
      console.log(`  ${name}: ${ids.length ? ids.join(', ') : 'none'}`);
    writeFileSync(
      join(outDir, 'summary.json'),
      JSON.stringify(
        { startedAt: startedAt.toISOString(), runs: RUNS, https: HTTPS, loadAverage: load, routes: summary },
        null,
        2,
      ),
    );
    console.log(`\nReports: ${outDir}`);
  } finally {
    await stack.stop();
  }
}

await main();
