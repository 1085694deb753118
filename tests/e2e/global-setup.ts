import { join } from 'node:path';
import { compileContracts } from '../../contracts/scripts/compile.ts';
import { REPO_ROOT, startStack } from '../../scripts/stack/stack.ts';
import { e2eStackCount, type StackInfo } from './stacks.ts';

/** Ports of stack `index`: the configured (or default) ports, 10 apart per stack. */
function ports(index: number) {
  const offset = index * 10;
  return {
    anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18545) + offset,
    cmsPort: Number(process.env.E2E_CMS_PORT ?? 11337) + offset,
    appPort: Number(process.env.E2E_APP_PORT ?? 14173) + offset,
  };
}

/**
 * Starts the same local stack as `npm start` (on its own ports) once per Playwright worker, so each worker has a
 * chain and a CMS of its own (docs/testing.md), and hands their facts to the tests.
 */
export default async function globalSetup() {
  const started = Date.now();
  const count = e2eStackCount();
  // Compiled once before the stacks start side by side (each stack's compile then reads the cache).
  await compileContracts();
  const stacks = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const { anvilPort, cmsPort, appPort } = ports(index);
      const label = count > 1 ? `e2e stack ${index + 1}` : 'e2e stack';
      return startStack({
        app: 'preview',
        devWallet: false,
        anvilPort,
        cmsPort,
        appPort,
        workDir: join(REPO_ROOT, '.stack', `e2e-${appPort}`),
        freshCms: true,
        log: (line) => {
          if (!line.startsWith('[app]') && !line.startsWith('[cms]')) console.log(`  ${label}: ${line}`);
        },
      });
    }),
  );
  console.log(`  e2e: ${count} stack${count > 1 ? 's' : ''} up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const infos: StackInfo[] = stacks.map((stack) => ({
    appUrl: stack.appUrl!,
    cmsUrl: stack.cmsUrl,
    rpcUrl: stack.rpcUrl,
    deploymentFile: stack.deploymentFile,
  }));
  process.env.E2E_STACKS = JSON.stringify(infos);
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}
