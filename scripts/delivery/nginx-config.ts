/**
 * Writes the nginx site file for a build, with the Content-Security-Policy derived from the same
 * VITE_* values the build used (Vite's own .env loading for the mode, process env first).
 *
 *   npx tsx scripts/delivery/nginx-config.ts [--mode production] [--root /srv/terra-mater] [--dist dist]
 *       [--listen 80] [--server-name app.example.org] [--out deploy/nginx/terra-mater.conf]
 *
 * --dist is the build here (default dist/), which the server will serve from --root: each route's code is announced
 * with its document from the build's chunk map, so regenerate after every build.
 *
 * Without --out the file goes to stdout.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { nginxSiteConfig } from './nginx.ts';
import { readBuild } from './route-code.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'production' },
    root: { type: 'string', default: '/srv/terra-mater' },
    dist: { type: 'string', default: 'dist' },
    listen: { type: 'string', default: '80' },
    'server-name': { type: 'string', default: '_' },
    out: { type: 'string' },
  },
});

const env = loadEnv(values.mode, resolve(import.meta.dirname, '..', '..'), 'VITE_');
const site = nginxSiteConfig({
  env,
  root: values.root,
  listen: values.listen,
  serverName: values['server-name'],
  build: readBuild(resolve(values.dist)),
});
if (values.out) {
  writeFileSync(values.out, site);
  console.log(`wrote ${values.out} (mode ${values.mode}, root ${values.root})`);
} else {
  process.stdout.write(site);
}
