import { join } from 'node:path';
import { REPO_ROOT, startStack } from '../../scripts/stack/stack.ts';

/** Starts the same local stack as `npm start` (on its own ports) and hands its facts to the tests. */
export default async function globalSetup() {
  const started = Date.now();
  const stack = await startStack({
    app: 'preview',
    devWallet: false,
    anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18545),
    cmsPort: Number(process.env.E2E_CMS_PORT ?? 11337),
    appPort: Number(process.env.E2E_APP_PORT ?? 14173),
    workDir: join(REPO_ROOT, '.stack', `e2e-${process.env.E2E_APP_PORT ?? 14173}`),
    freshCms: true,
    log: (line) => {
      if (!line.startsWith('[app]') && !line.startsWith('[cms]')) console.log(`  e2e stack: ${line}`);
    },
  });
  console.log(`  e2e stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env.E2E_STACK = JSON.stringify({
    appUrl: stack.appUrl,
    cmsUrl: stack.cmsUrl,
    rpcUrl: stack.rpcUrl,
    deploymentFile: stack.deploymentFile,
  });
  return async () => {
    await stack.stop();
  };
}
