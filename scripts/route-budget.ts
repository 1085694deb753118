/**
 * The JavaScript each announced route needs before its first paint, from the build in dist/ (`npm run size` builds
 * it): the document's scripts (the entry and its static imports) and the route's own as its document announces them
 * (scripts/delivery/nginx.ts `routeModules`, src/app/routes.ts `ANNOUNCED`). Sizes are gzip level 9.
 *
 * Budget (issue 39, item 7): the swap page's code in front of its first paint may grow by at most 10 kB for the
 * price convention, the market view, the price check and the incremental book. Its figure before them, measured this
 * way on the build of 0000f5a (`vite build --mode test`): 201.9 kB. The depth view and the dialogs load after the book.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ANNOUNCED } from '../src/app/routes.ts';
import { routeModules } from './delivery/nginx.ts';
import { readBuild, routeFiles } from './delivery/route-code.ts';

const SWAP_BEFORE_ISSUE_39_KB = 201.9;
const SWAP_GROWTH_KB = 10;

const dist = join(process.cwd(), 'dist');
const build = readBuild(dist);
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

let failed = false;
for (const announced of ANNOUNCED) {
  const files = routeFiles(build, routeModules(announced));
  const kB = [...files.document.scripts, ...files.scripts].reduce((sum, file) => sum + gz(file), 0);
  const path = announced.route.path;
  if (path === '/swapping') {
    const limit = SWAP_BEFORE_ISSUE_39_KB + SWAP_GROWTH_KB;
    console.log(
      `first-paint JS for ${path}: ${kB.toFixed(1)} kB gzipped (target ≤ ${limit.toFixed(1)} kB: ${SWAP_BEFORE_ISSUE_39_KB} before issue 39 + ${SWAP_GROWTH_KB})`,
    );
    if (kB > limit) {
      console.error(`size: ${path} over its ${limit.toFixed(1)} kB target`);
      failed = true;
    }
  } else console.log(`first-paint JS for ${path}: ${kB.toFixed(1)} kB gzipped`);
}
if (failed) process.exit(1);
