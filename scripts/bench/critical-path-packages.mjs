#!/usr/bin/env node
// Per-package breakdown of the /home critical path, as scripts/size-budget.mjs counts it: the entry
// chunk, every chunk it imports statically, and the home page chunk with its static imports, gzip
// level 9. Builds the app (mode test) into a temporary folder with a plugin that records which
// modules each chunk holds. Within a chunk, each package's rendered code is minified and gzipped
// on its own; the chunk's real gzipped size is shared among its packages in proportion to those
// figures, so the rows add up to the budget's total exactly.
// The render-blocking stylesheet (the entry's CSS) is printed below the table.
// Usage: node scripts/bench/critical-path-packages.mjs [--json out.json]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, minifySync } from 'vite';
import { criticalPathFiles } from '../critical-path.mjs';

const outDir = mkdtempSync(join(tmpdir(), 'critical-path-'));
const chunkModules = new Map();
const recorder = {
  name: 'record-chunk-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const codes = Object.entries(output.modules).map(([id, module]) => [id, module.code ?? '']);
      chunkModules.set(output.fileName, codes);
    }
  },
};

try {
  await build({
    mode: 'test',
    logLevel: 'error',
    plugins: [recorder],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const { entryKey, files } = criticalPathFiles(manifest);

  const packageOf = (id) => {
    const clean = id.replace(/\0/g, '').split('?')[0];
    const index = clean.lastIndexOf('node_modules/');
    if (index < 0) return clean.includes('/src/') ? 'app (src/)' : 'runtime/helpers';
    const rest = clean.slice(index + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  };
  const perPackage = new Map();
  let total = 0;
  for (const file of files) {
    const gz = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += gz;
    const codeByPackage = new Map();
    for (const [id, code] of chunkModules.get(file) ?? []) {
      const name = packageOf(id);
      codeByPackage.set(name, `${codeByPackage.get(name) ?? ''}\n${code}`);
    }
    const weights = [...codeByPackage.entries()].map(([name, code]) => {
      const minified = minifySync(`${name}.js`, code, { compress: false, mangle: { toplevel: true } }).code;
      return [name, gzipSync(minified, { level: 9 }).length];
    });
    const weightSum = weights.reduce((sum, [, weight]) => sum + weight, 0);
    if (weightSum === 0) {
      perPackage.set('runtime/helpers', (perPackage.get('runtime/helpers') ?? 0) + gz);
      continue;
    }
    for (const [name, weight] of weights) perPackage.set(name, (perPackage.get(name) ?? 0) + (gz * weight) / weightSum);
  }
  const rows = [...perPackage.entries()].sort((a, b) => b[1] - a[1]);
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
  console.log('| package | kB gz |\n|---|---:|');
  for (const [name, bytes] of rows) if (bytes >= 51) console.log(`| ${name} | ${kb(bytes)} |`);
  const small = rows.filter(([, bytes]) => bytes < 51).reduce((sum, [, bytes]) => sum + bytes, 0);
  if (small > 0) console.log(`| (others < 0.05 kB) | ${kb(small)} |`);
  console.log(`| **total** (${files.size} chunks) | ${kb(total)} |`);
  const css = (manifest[entryKey].css ?? []).map((file) => {
    const bytes = readFileSync(join(outDir, file));
    return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
  for (const sheet of css)
    console.log(`render-blocking CSS ${sheet.file}: ${kb(sheet.raw)} kB raw, ${kb(sheet.gz)} kB gz`);
  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0) {
    const report = { totalBytes: total, packages: Object.fromEntries(rows), css };
    writeFileSync(process.argv[jsonAt + 1], JSON.stringify(report, null, 2));
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
