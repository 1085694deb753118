import { describe, expect, it } from 'vitest';
import { nginxSiteConfig } from '../../scripts/delivery/nginx';
import { chunkMap, routeFiles, type ChunkMap } from '../../scripts/delivery/route-code';

const ROOT = '/repo';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  moduleIds: moduleIds.map((id) => `${ROOT}/${id}`),
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

// A build shaped like the app's: a tiny entry importing the large first-paint chunk, a page with a shared chunk and
// a stylesheet, contract code a read imports lazily, the translations, and the parser index.html names itself.
const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', ['src/app/main.tsx'], ['assets/main-b.js'], [], true),
  'assets/main-b.js': chunk(
    'assets/main-b.js',
    ['node_modules/react-dom/index.js', 'src/app/router.tsx', 'src/app/route-data.ts'],
    [],
    ['assets/main-b.css'],
  ),
  'assets/dashboard-page-c.js': chunk(
    'assets/dashboard-page-c.js',
    ['src/pages/dashboard-page.tsx'],
    ['assets/main-b.js', 'assets/header-d.js'],
    ['assets/dashboard-page-c.css'],
  ),
  'assets/header-d.js': chunk('assets/header-d.js', ['src/components/page-header.tsx'], [], ['assets/header-d.css']),
  'assets/swap-e.js': chunk('assets/swap-e.js', ['src/lib/chain/contracts/swap.ts'], ['assets/abi-f.js']),
  'assets/abi-f.js': chunk('assets/abi-f.js', ['node_modules/ethers/lib/abi.js']),
  'assets/parse-g.js': chunk('assets/parse-g.js', ['src/lib/cms/parse.ts'], ['assets/main-b.js']),
  'assets/en-screens-h.js': chunk('assets/en-screens-h.js', ['src/lib/i18n/bundles/en-screens.ts']),
  'assets/main-b.css': { type: 'asset' as const, fileName: 'assets/main-b.css' },
};
const html = '<script type="module" src="/assets/index-a.js"></script><link href="/assets/parse-g.js">';

describe("a route's code, announced by the web server with its document", () => {
  const chunks: ChunkMap = chunkMap(bundle, ROOT);

  it("maps the build's chunks to their project modules, static imports and styles", () => {
    expect(chunks['assets/dashboard-page-c.js']).toEqual({
      modules: ['src/pages/dashboard-page.tsx'],
      imports: ['assets/main-b.js', 'assets/header-d.js'],
      css: ['assets/dashboard-page-c.css'],
      isEntry: false,
    });
    expect(Object.keys(chunks)).not.toContain('assets/main-b.css');
  });

  it("lists the modules' chunks and what they import, without what the document already loads", () => {
    const files = routeFiles({ chunks, html }, [
      'src/pages/dashboard-page.tsx',
      'src/lib/i18n/bundles/en-screens.ts',
      'src/lib/chain/contracts/swap.ts',
    ]);
    expect(files.scripts).toEqual([
      '/assets/abi-f.js',
      '/assets/dashboard-page-c.js',
      '/assets/en-screens-h.js',
      '/assets/header-d.js',
      '/assets/swap-e.js',
    ]);
    expect(files.styles).toEqual(['/assets/dashboard-page-c.css', '/assets/header-d.css']);
    // The document's own files, the large first-paint chunk first: named ahead of the route's, they never queue
    // behind them.
    expect(files.document).toEqual({
      styles: ['/assets/main-b.css'],
      scripts: ['/assets/main-b.js', '/assets/index-a.js'],
    });
  });

  it("announces a style-only chunk's stylesheet, not the script Vite removed", () => {
    const withStyles: ChunkMap = {
      ...chunks,
      'assets/components-k.js': {
        modules: ['src/app/bootstrap-components.scss'],
        imports: [],
        css: ['assets/components-k.css'],
        isEntry: false,
        stylesOnly: true,
      },
    };
    expect(routeFiles({ chunks: withStyles, html }, ['src/app/bootstrap-components.scss'])).toMatchObject({
      scripts: [],
      styles: ['/assets/components-k.css'],
    });
  });

  it('refuses a module no chunk holds (a renamed page would otherwise be announced as nothing)', () => {
    expect(() => routeFiles({ chunks, html }, ['src/pages/renamed-page.tsx'])).toThrow(
      'src/pages/renamed-page.tsx: no chunk of the build holds it',
    );
  });

  it("sends them in the route's Link header: the document's files, then its CMS reads, then its code", () => {
    const real = chunkMap(
      {
        ...bundle,
        'assets/dashboard-page-c.js': chunk(
          'assets/dashboard-page-c.js',
          ['src/pages/dashboard-page.tsx', 'src/lib/i18n/bundles/en-screens.ts', 'src/app/bootstrap-components.scss'],
          ['assets/main-b.js'],
          ['assets/dashboard-page-c.css'],
        ),
        'assets/swapping-page-i.js': chunk(
          'assets/swapping-page-i.js',
          ['src/pages/swapping-page.tsx', 'src/lib/chain/call-runner.ts'],
          ['assets/swap-e.js'],
        ),
        // The verified-collection judge, which explore and the dashboard announce (deployed-system.md §C9.6).
        'assets/imitation-k.js': chunk('assets/imitation-k.js', ['src/lib/trust/imitation.ts']),
        // Chain history's reader and what the dashboard's and the swap page's trades read with it.
        'assets/history-l.js': chunk('assets/history-l.js', [
          'src/lib/chain/history/log-reader.ts',
          'src/lib/chain/node-reads.ts',
          'src/lib/chain/history/collection-market.ts',
          'src/lib/chain/market-listings.ts',
          // The swap page's kept closed orders (it shares the history store).
          'src/lib/chain/swap-book.ts',
        ]),
        'assets/other-pages-j.js': chunk('assets/other-pages-j.js', [
          'src/pages/home-page.tsx',
          'src/pages/explore-page.tsx',
          'src/pages/collection-page.tsx',
          'src/pages/item-detail-page.tsx',
          'src/pages/staking-page.tsx',
          'src/lib/chain/contracts/nft-collection.ts',
          'src/lib/chain/contracts/staking.ts',
          'src/lib/chain/or-null.ts',
          'src/lib/chain/contracts/natura.ts',
        ]),
      },
      ROOT,
    );
    // The test profile's configuration (vitest puts its VITE_* values in the process env).
    const site = nginxSiteConfig({ env: process.env, root: '/srv', listen: '80', build: { chunks: real, html } });
    const dashboard = site.slice(site.indexOf('location = /dashboard {'));
    const link = /add_header Link "([^"]+)"/.exec(dashboard)![1]!.split(', ');
    expect(link.slice(0, 3)).toEqual([
      '</assets/main-b.css>; rel=preload; as=style; crossorigin',
      '</assets/main-b.js>; rel=modulepreload; crossorigin',
      '</assets/index-a.js>; rel=modulepreload; crossorigin',
    ]);
    expect(link[3]).toMatch(/^<https?:\/\/[^>]+\/api\/collections\?[^>]+>; rel=preload; as=fetch; crossorigin$/);
    expect(link.slice(4)).toEqual([
      '</assets/dashboard-page-c.css>; rel=preload; as=style; crossorigin',
      '</assets/dashboard-page-c.js>; rel=modulepreload; crossorigin',
      '</assets/history-l.js>; rel=modulepreload; crossorigin',
      '</assets/imitation-k.js>; rel=modulepreload; crossorigin',
    ]);
    // A route without CMS reads gets a location for its code alone.
    const swapping = site.slice(site.indexOf('location = /swapping {'));
    const swappingLink = /add_header Link "([^"]+)"/.exec(swapping)![1]!.split(', ');
    expect(swappingLink).toContain('</assets/swapping-page-i.js>; rel=modulepreload; crossorigin');
    expect(swappingLink).toContain('</assets/abi-f.js>; rel=modulepreload; crossorigin');
    expect(swappingLink).toContain('</assets/history-l.js>; rel=modulepreload; crossorigin');
    expect(swappingLink.some((entry) => entry.includes('as=fetch'))).toBe(false);
  });
});
