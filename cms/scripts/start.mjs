// npm start (in cms/): install if needed, start the CMS on CMS_PORT (default 1337), Ctrl-C stops it.
import { ensureCmsInstalled, startCms } from '../harness.mjs';

const port = Number(process.env.CMS_PORT || 1337);
await ensureCmsInstalled({ log: console.log });
const t0 = Date.now();
const cms = await startCms({
  port,
  fresh: process.argv.includes('--fresh'),
  dataDir: process.env.CMS_DATA_DIR || undefined,
  deploymentFile: process.env.DEPLOYMENT_FILE || undefined,
  log: (l) => console.log(l),
});
console.log(`[cms] ready at ${cms.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s (Ctrl-C to stop)`);
const shutdown = async () => {
  await cms.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
