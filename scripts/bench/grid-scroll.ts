/**
 * A collection of 2 000 NFTs scrolled to its end in Debian Chromium, against the production build.
 * One small stub server (no MSW, no Strapi) serves the built app, the few CMS routes the collection
 * page calls (get_collection, the item count, the NFT statuses, the paged flat NFT list of 24 per
 * page, in the deployed CMS's shapes), a 1×1 PNG for every image, and a JSON-RPC stub whose every
 * eth_call answers an empty list (no marketplace listings). For every page n it prints the time from
 * the scroll that asks for it until its cards are rendered (split: scroll → request sent, answer →
 * rendered), the long tasks (> 50 ms) in that time, the elements in the document, Chrome's node count
 * and the JS heap (Performance.getMetrics). Then it scrolls the whole
 * grid back to the top and down again, 600 px per frame, and prints the long tasks of that pass.
 *
 *   npm run bench:grid -- [--dist <built app>] [--nfts 2000] [--port 14306] [--cpu 1]
 *
 * Without --dist it builds the current tree into .stack/bench-grid/dist: `vite build --mode bench`, a
 * production build whose VITE_* values are the stub's URLs (like the e2e's mode localstack). To
 * measure another tree (e.g. main, for "before"), build it the same way with the values that
 * --print-env prints, and pass its dist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from '@playwright/test';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    nfts: { type: 'string', default: '2000' },
    port: { type: 'string', default: process.env.E2E_APP_PORT ?? '14306' },
    cpu: { type: 'string', default: '1' },
    'print-env': { type: 'boolean', default: false },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

const NFTS = Number(args.nfts);
const PORT = Number(args.port);
const PAGE_SIZE = 24;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const COLLECTION = '0x3000000000000000000000000000000000000001';
const DATE = '2024-03-01T10:00:00.000Z';

/** The app's configuration: the CMS and the RPC node are the stub; addresses are fixed fakes. */
const ENV: Record<string, string> = {
  VITE_CMS_URL: ORIGIN,
  VITE_RPC_URL: `${ORIGIN}/rpc`,
  VITE_CHAIN_ID: '31337',
  VITE_CHAIN_NAME: 'Bench',
  VITE_EXPLORER_URL: 'https://explorer.test/',
  VITE_USDT_ADDRESS: '0x1000000000000000000000000000000000000001',
  VITE_NATURA_ADDRESS: '0x1000000000000000000000000000000000000002',
  VITE_MARKETPLACE_ADDRESS: '0x1000000000000000000000000000000000000003',
  VITE_STAKING_ADDRESS: '0x1000000000000000000000000000000000000004',
  VITE_STAKING_HELPER_ADDRESS: '0x1000000000000000000000000000000000000005',
  VITE_SWAP_ADDRESS: '0x1000000000000000000000000000000000000006',
  VITE_STAKING_POOL_0: '0x2000000000000000000000000000000000000000',
  VITE_STAKING_POOL_1: '0x2000000000000000000000000000000000000001',
  VITE_STAKING_POOL_2: '0x2000000000000000000000000000000000000002',
  VITE_STAKING_POOL_3: '0x2000000000000000000000000000000000000003',
  VITE_TRUSTED_COLLECTIONS: COLLECTION,
  VITE_INDEXER_URL: `${ORIGIN}/indexer`,
  VITE_IPFS_GATEWAY: `${ORIGIN}/ipfs/`,
  VITE_WALLETCONNECT_PROJECT_ID: 'bench',
  VITE_CONTACT_EMAIL: 'info@terramaternfts.com',
  VITE_DEV_WALLET: 'false',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const category = { category: 'Art', createdAt: DATE, updatedAt: DATE, publishedAt: DATE, id: 1 };
const file = (id: number) => ({ name: `image-${id}.png`, url: `${ORIGIN}/img/${id}.png`, mime: 'image/png', id });
const collection = {
  id: 1,
  name: 'Bench Collection',
  contract_address: COLLECTION,
  chain_id: 137,
  chain_name: 'Polygon Mainnet',
  status: 'Active',
  feature: true,
  desc: 'A collection of many NFTs',
  detail_link: null,
  website: null,
  etherscan: null,
  discord: null,
  twitter: null,
  facebook: null,
  telegram: null,
  createdAt: DATE,
  updatedAt: DATE,
  publishedAt: DATE,
  category,
  banner: file(100_001),
  feature_img: file(100_002),
};
const statuses = [
  { id: 1, attributes: { Status: 'Mint', Description: 'Not minted yet', createdAt: DATE, updatedAt: DATE } },
  { id: 2, attributes: { Status: 'Sale', Description: 'On sale', createdAt: DATE, updatedAt: DATE } },
  { id: 3, attributes: { Status: 'Sold', Description: 'Sold', createdAt: DATE, updatedAt: DATE } },
];
const nft = (tokenId: number) => ({
  id: tokenId,
  token_name: `Bench #${tokenId}`,
  owner: null,
  views: tokenId % 17,
  price: 10 + (tokenId % 50),
  likes: tokenId % 9,
  description: `NFT ${tokenId}`,
  token_id: tokenId,
  token_standard: 'ERC721',
  img_url: `${ORIGIN}/img/${tokenId}.png`,
  item_id: null,
  createdAt: DATE,
  updatedAt: DATE,
  publishedAt: DATE,
  collection,
  nft_status: { Status: 'Mint', Description: 'Not minted yet', id: 1 },
  author: null,
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** One empty dynamic array, ABI-encoded: what `fetchMarketItems()` answers with no listings. */
const EMPTY_LIST = `0x${'20'.padStart(64, '0')}${'0'.padStart(64, '0')}`;

function rpc(body: unknown): unknown {
  const answer = (call: { id: number; method: string }) => {
    const base = { jsonrpc: '2.0', id: call.id };
    if (call.method === 'eth_chainId') return { ...base, result: '0x7a69' };
    if (call.method === 'eth_blockNumber') return { ...base, result: '0x1' };
    if (call.method === 'eth_call') return { ...base, result: EMPTY_LIST };
    return { ...base, error: { code: -32601, message: `the stub does not answer ${call.method}` } };
  };
  return Array.isArray(body) ? body.map(answer) : answer(body as { id: number; method: string });
}

function startServer(dist: string) {
  const pageRequests: number[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', ORIGIN);
    if (req.method === 'POST' && url.pathname === '/rpc') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => json(res, 200, rpc(JSON.parse(raw))));
      return;
    }
    if (url.pathname.startsWith('/img/') || url.pathname.startsWith('/ipfs/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(PNG);
      return;
    }
    if (url.pathname === '/api/collections/get_collection') return json(res, 200, [collection]);
    if (url.pathname === '/api/nft') {
      return json(res, 200, { data: [], meta: { pagination: { page: 1, pageSize: 1, pageCount: NFTS, total: NFTS } } });
    }
    if (url.pathname === '/api/nft-statuses') {
      return json(res, 200, {
        data: statuses,
        meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 3 } },
      });
    }
    if (url.pathname === '/api/nft-v1s') {
      const page = Number(url.searchParams.get('page') ?? '1');
      pageRequests.push(page);
      const first = (page - 1) * PAGE_SIZE + 1;
      const last = Math.min(NFTS, page * PAGE_SIZE);
      const data = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => nft(first + i));
      return json(res, 200, {
        data,
        meta: { page: String(page), pageSize: PAGE_SIZE, pageCount: Math.ceil(NFTS / PAGE_SIZE), total: NFTS },
      });
    }
    if (url.pathname.startsWith('/api/')) {
      return json(res, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } });
    }
    // The built app; every other path is the SPA's index.html.
    let path = join(dist, decodeURIComponent(url.pathname));
    if (!path.startsWith(dist) || !existsSync(path) || statSync(path).isDirectory()) path = join(dist, 'index.html');
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.json': 'application/json',
      '.woff2': 'font/woff2',
    };
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  return new Promise<{ close: () => Promise<void>; pageRequests: number[] }>((done) =>
    server.listen(PORT, '127.0.0.1', () =>
      done({ pageRequests, close: () => new Promise((closed) => server.close(() => closed())) }),
    ),
  );
}

/** Long tasks since `since` (ms, page clock), from a PerformanceObserver installed before the app starts. */
async function longTasksSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (from) =>
      (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
        .filter((task) => task.start >= from)
        .map((task) => task.duration),
    since,
  );
}

/**
 * Elements in the document, Chrome's node count (it includes detached nodes not yet collected) and
 * the JS heap in use.
 */
async function metrics(cdp: CDPSession, page: Page): Promise<{ elements: number; nodes: number; heapMb: number }> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { elements, nodes: value('Nodes'), heapMb: value('JSHeapUsedSize') / 2 ** 20 };
}

/** NFTs the grid holds: the list items, or, when the grid is windowed, the size it announces. */
const loadedCount = (page: Page) =>
  page.evaluate(() => {
    const items = document.querySelectorAll('ul.nft-grid > li');
    const announced = Number(items[0]?.getAttribute('aria-setsize') ?? 0);
    return Math.max(items.length, announced);
  });

async function main() {
  if (args['print-env']) {
    for (const [key, value] of Object.entries(ENV)) console.log(`${key}=${value}`);
    return;
  }
  let dist = args.dist ? resolve(args.dist) : resolve('.stack/bench-grid/dist');
  if (!args.dist) {
    console.log('building the app (vite build) …');
    execFileSync('npx', ['vite', 'build', '--mode', 'bench', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, ...ENV },
    });
  }
  dist = resolve(dist);
  const server = await startServer(dist);
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Room for every image and page request (the default buffer of 250 fills by page 10).
      performance.setResourceTimingBufferSize(100_000);
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });

    await page.goto(`${ORIGIN}/colection/1`);
    await page.waitForFunction(() => document.querySelectorAll('ul.nft-grid > li').length > 0, null, {
      timeout: 60_000,
    });
    const pages = Math.ceil(NFTS / PAGE_SIZE);
    const rows: {
      n: number;
      ms: number;
      asked: number;
      render: number;
      longTasks: number[];
      elements: number;
      nodes: number;
      heapMb: number;
    }[] = [];
    const first = await metrics(cdp, page);
    rows.push({
      n: 1,
      ms: Number.NaN,
      asked: Number.NaN,
      render: Number.NaN,
      longTasks: await longTasksSince(page, 0),
      ...first,
    });
    for (let n = 2; n <= pages; n += 1) {
      const want = Math.min(NFTS, n * PAGE_SIZE);
      const start = await page.evaluate(() => performance.now());
      // Scroll to the end: the sentinel below the grid asks for the next page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        (count) => {
          const items = document.querySelectorAll('ul.nft-grid > li');
          return Math.max(items.length, Number(items[0]?.getAttribute('aria-setsize') ?? 0)) >= count;
        },
        want,
        { timeout: 30_000, polling: 'raf' },
      );
      // Rendered: two frames later the new cards are painted.
      const end = await page.evaluate(
        () =>
          new Promise<number>((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now()))),
          ),
      );
      // When the request for page n left and its answer arrived (resource timing, page clock).
      const request = await page.evaluate(
        (pageNumber) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/api/nft-v1s') && entry.name.includes(`page=${pageNumber}&`))
            .map((entry) => ({ sent: entry.startTime, answered: (entry as PerformanceResourceTiming).responseEnd }))
            .at(-1),
        n,
      );
      rows.push({
        n,
        ms: end - start,
        asked: request ? request.sent - start : Number.NaN,
        render: request ? end - request.answered : Number.NaN,
        longTasks: await longTasksSince(page, start),
        ...(await metrics(cdp, page)),
      });
    }
    if ((await loadedCount(page)) !== NFTS) throw new Error('the grid did not load every NFT');

    // One pass up and one down through all 2 000 cards, 600 px per frame.
    const scrollStart = await page.evaluate(() => performance.now());
    // (No named functions inside page.evaluate: tsx would wrap them in a helper the page lacks.)
    await page.evaluate(async () => {
      const height = document.documentElement.scrollHeight;
      for (let y = window.scrollY; y > 0; y -= 600) {
        window.scrollTo(0, y);
        await new Promise(requestAnimationFrame);
      }
      for (let y = 0; y < height; y += 600) {
        window.scrollTo(0, y);
        await new Promise(requestAnimationFrame);
      }
    });
    const scrollTasks = await longTasksSince(page, scrollStart);
    const afterScroll = await metrics(cdp, page);

    // Keyboard: from the first card, 40 Tabs reach the 41st (the window follows the focus).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => (document.querySelector('ul.nft-grid > li')?.getAttribute('data-index') ?? '0') === '0',
    );
    await page.locator('ul.nft-grid > li a').first().focus();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      await page.waitForTimeout(50); // a fast typist, not a burst
    }
    const focusedCard = await page.evaluate(() => {
      const item = document.activeElement?.closest('ul.nft-grid > li');
      if (!item) return null;
      const index = item.getAttribute('data-index');
      return index === null ? Array.from(item.parentElement!.children).indexOf(item) + 1 : Number(index) + 1;
    });
    // Layout on a phone: one column, cards do not overlap.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(500);
    const phone = await page.evaluate(() => {
      const items = Array.from(document.querySelectorAll('ul.nft-grid > li')).map((li) => li.getBoundingClientRect());
      const lefts = new Set(items.map((rect) => Math.round(rect.left)));
      const overlaps = items.some((rect, i) => i > 0 && rect.top < items[i - 1]!.bottom - 0.5);
      const visible = items.filter((rect) => rect.bottom > 0 && rect.top < window.innerHeight).length;
      return { columns: lefts.size, overlaps, visible };
    });

    const shown = new Set([1, 2, 3, 5, 10, 20, 30, 40, 50, 60, 70, 80, pages]);
    const pad = (value: string, width: number) => value.padStart(width);
    console.log(`\n${NFTS} NFTs, ${pages} pages of ${PAGE_SIZE}, 1366×900, CPU ×${args.cpu}, dist ${dist}`);
    console.log(
      ' page n | scroll→rendered ms | scroll→request ms | answer→rendered ms | long tasks > 50 ms (count, longest) | elements | nodes (Chrome) | JS heap MB',
    );
    const cell = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
    for (const row of rows.filter((r) => shown.has(r.n))) {
      const longest = row.longTasks.length ? `${Math.max(...row.longTasks).toFixed(0)} ms` : '–';
      console.log(
        [
          pad(String(row.n), 7),
          pad(row.n === 1 ? 'first page' : cell(row.ms), 18),
          pad(cell(row.asked), 17),
          pad(cell(row.render), 18),
          pad(`${row.longTasks.length}, ${longest}`, 35),
          pad(String(row.elements), 8),
          pad(String(row.nodes), 14),
          pad(row.heapMb.toFixed(1), 10),
        ].join(' | '),
      );
    }
    const later = rows.filter((r) => r.n > 1);
    const allTasks = later.flatMap((r) => r.longTasks);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const renders = (list: typeof rows) => median(list.map((r) => r.render)).toFixed(0);
    console.log(
      `answer→rendered: pages 2–11 median ${renders(later.slice(0, 10))} ms, last 10 pages median ${renders(
        later.slice(-10),
      )} ms; long tasks over all pages: ${allTasks.length}, longest ${
        allTasks.length ? Math.max(...allTasks).toFixed(0) : '–'
      } ms; most elements at any page: ${Math.max(...rows.map((r) => r.elements))}`,
    );
    console.log(
      `scroll pass through all ${NFTS} cards (600 px/frame, up then down): long tasks ${scrollTasks.length}, longest ${
        scrollTasks.length ? Math.max(...scrollTasks).toFixed(0) : '–'
      } ms; elements after ${afterScroll.elements}, heap ${afterScroll.heapMb.toFixed(1)} MB`,
    );
    console.log(`keyboard at 1366: 40 Tabs from card 1 reach card ${focusedCard ?? 'none (focus left the grid)'}`);
    console.log(
      `at 375 px, mid-grid: ${phone.columns} column(s), overlapping cards: ${phone.overlaps ? 'yes' : 'no'}, cards in view: ${phone.visible}`,
    );
    console.log(
      `CMS page requests: ${server.pageRequests.length} (pages ${Math.min(...server.pageRequests)}–${Math.max(...server.pageRequests)})`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
