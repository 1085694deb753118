// npm run reset (in cms/): wipe the SQLite database, uploads and outbox, then reseed
// (boots the CMS once on a free port, waits for the seed, stops it).
import { ensureCmsInstalled, freePort, startCms, wipeDataDir, CMS_DIR } from '../harness.mjs';
import path from 'node:path';

const dataDir = path.resolve(process.env.CMS_DATA_DIR || path.join(CMS_DIR, '.tmp'));
await ensureCmsInstalled({ log: console.log });
wipeDataDir(dataDir);
console.log(`[cms] wiped ${dataDir}; reseeding…`);
const t0 = Date.now();
const cms = await startCms({ port: await freePort(), dataDir, deploymentFile: process.env.DEPLOYMENT_FILE || undefined });
await cms.stop();
console.log(`[cms] reseeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
