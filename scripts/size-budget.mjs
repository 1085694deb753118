#!/usr/bin/env node
// Reports the first-load JavaScript of /home from the production build and fails over budget.
// First load = the entry chunk, every chunk it imports statically (modulepreload), and the
// lazily loaded home page chunk with its static imports. Sizes are gzip level 9.
// Per package: node scripts/bench/critical-path-packages.mjs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { criticalPathFiles } from './critical-path.mjs';

const TARGET_KB = 145;
const dist = join(process.cwd(), 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('size: dist/.vite/manifest.json missing — run `vite build --manifest` first (npm run size does).');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const { entryKey, homeKey, files } = criticalPathFiles(manifest);
if (!entryKey || !homeKey) {
  console.error('size: could not find the entry or the home page chunk in the manifest');
  process.exit(2);
}

let total = 0;
const rows = [...files].map((file) => {
  const bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += bytes;
  return { file, kB: (bytes / 1024).toFixed(1) };
});
rows.sort((a, b) => Number(b.kB) - Number(a.kB));
for (const row of rows) console.log(`${row.kB.padStart(8)} kB  ${row.file}`);
const totalKb = total / 1024;
console.log(`first-load JS for /home: ${totalKb.toFixed(1)} kB gzipped (target ≤ ${TARGET_KB} kB)`);
if (totalKb > TARGET_KB) {
  console.error(`size: over the ${TARGET_KB} kB target`);
  process.exit(1);
}

// The render-blocking stylesheet: the entry's CSS (Bootstrap's first-paint parts and the app's own).
for (const file of manifest[entryKey].css ?? []) {
  const bytes = readFileSync(join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.log(
    `render-blocking CSS: ${(gz / 1024).toFixed(1)} kB gzipped (${(bytes.length / 1024).toFixed(1)} kB)  ${file}`,
  );
}

// Bootstrap is built from selected partials (src/app/bootstrap*.scss). Every Bootstrap class that
// the markup in src/ names must be defined by some stylesheet of the build, so a component or
// utility used for the first time cannot arrive unstyled.
const classesIn = (css) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));
const bootstrapClasses = classesIn(
  readFileSync(join(process.cwd(), 'node_modules/bootstrap/dist/css/bootstrap.css'), 'utf8'),
);
const builtClasses = new Set();
for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.css'))) {
  for (const name of classesIn(readFileSync(join(dist, 'assets', file), 'utf8'))) builtClasses.add(name);
}
const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const missing = new Map();
for (const file of sourceFiles(join(process.cwd(), 'src'))) {
  const text = readFileSync(file, 'utf8');
  // The string literals of every className-like prop (className, dialogClassName, …) and `className:`.
  for (const match of text.matchAll(/[cC]lassName\s*[=:]\s*(\{(?:[^{}]|\{[^{}]*\})*\}|"[^"]*"|'[^']*')/g)) {
    const literals = match[1].match(/"[^"]*"|'[^']*'|`[^`]*`/g) ?? [match[1]];
    for (const literal of literals) {
      for (const name of literal.replace(/\$\{[^}]*\}/g, ' ').split(/[\s"'`]+/)) {
        if (bootstrapClasses.has(name) && !builtClasses.has(name))
          missing.set(name, file.replace(`${process.cwd()}/`, ''));
      }
    }
  }
}
if (missing.size > 0) {
  for (const [name, file] of missing) console.error(`size: Bootstrap class .${name} (${file}) is in no stylesheet`);
  console.error('size: add its partial or utility to src/app/bootstrap.scss or bootstrap-components.scss');
  process.exit(1);
}
console.log('every Bootstrap class the markup uses is in the stylesheets');

// The dev wallet (an anvil key in the browser) exists only in the local profile. Its markers are
// read from its source so that renaming them cannot make this check pass by accident.
const devWalletSource = readFileSync(join(process.cwd(), 'src/features/wallet/api/dev-wallet.ts'), 'utf8');
const markers = [/name: '([^']+)'/, /DEV_KEY = '(0x[0-9a-f]+)'/].map((pattern) => {
  const match = pattern.exec(devWalletSource);
  if (!match) {
    console.error(`size: marker ${pattern} not found in dev-wallet.ts; update scripts/size-budget.mjs`);
    process.exit(2);
  }
  return match[1];
});
const leaks = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .filter((file) => {
    const text = readFileSync(join(dist, 'assets', file), 'utf8');
    return markers.some((marker) => text.includes(marker));
  });
if (leaks.length > 0) {
  console.error(`size: the production build contains the dev wallet (${leaks.join(', ')})`);
  process.exit(1);
}
console.log('production build contains no dev wallet code');
