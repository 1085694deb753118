import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startStack } from '../stack/stack.ts';
const stack = await startStack({
  app: 'preview', devWallet: false, anvilPort: 18645, cmsPort: 11437, appPort: 14273,
  workDir: join(REPO_ROOT, '.stack', 'bench-14273'), freshCms: true,
  log: (line) => { if (!line.startsWith('[app]') && !line.startsWith('[cms]')) console.log(line); },
});
writeFileSync('/work/tmpbench/stack.json', JSON.stringify({ appUrl: stack.appUrl, cmsUrl: stack.cmsUrl, collections: stack.deployment.collections }));
console.log('READY', stack.appUrl);
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
process.on('SIGINT', () => void stack.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
