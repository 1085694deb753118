/**
 * `npm run chain`: starts anvil on ANVIL_PORT (default 8545), compiles (cached), deploys and seeds,
 * prints the addresses and dev accounts, then stays up until Ctrl-C / SIGTERM stops anvil.
 * Env: ANVIL_PORT, CMS_URL, DEPLOYMENT_FILE, LOCALSTACK_ENV_FILE (default <repo>/.env.localstack).
 */
import { startAnvil } from '../lib/anvil.ts';
import { compileContracts } from './compile.ts';
import { DEFAULT_DEPLOYMENT_FILE, DEFAULT_ENV_FILE, deployAndSeed } from '../deploy/deploy.ts';

async function main(): Promise<void> {
  const port = Number(process.env.ANVIL_PORT ?? '8545');
  const artifacts = await compileContracts();
  const anvil = await startAnvil({ port, quiet: true });
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[chain] ${signal}: stopping anvil (pid ${anvil.pid})`);
    anvil
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const outFile = process.env.DEPLOYMENT_FILE ?? DEFAULT_DEPLOYMENT_FILE;
    const envFile = process.env.LOCALSTACK_ENV_FILE ?? DEFAULT_ENV_FILE;
    const d = await deployAndSeed({ rpcUrl: anvil.url, artifacts, outFile, envFile });
    console.log(`[chain] anvil ${anvil.url} (chain id ${d.chainId}, pid ${anvil.pid})`);
    console.log('[chain] contracts:');
    for (const [name, address] of Object.entries(d.contracts)) console.log(`  ${name.padEnd(14)} ${address}`);
    console.log('[chain] collections:');
    for (const c of d.collections) {
      console.log(`  ${c.key.padEnd(16)} ${c.address}  pid ${c.pid ?? '-'}`);
    }
    console.log('[chain] dev accounts (anvil default mnemonic):');
    d.accounts.forEach((a, i) => console.log(`  #${i} ${a.address} ${a.privateKey}`));
    console.log(`[chain] wrote ${outFile} and ${envFile}; Ctrl-C to stop`);
  } catch (err) {
    console.error(err);
    await anvil.stop();
    process.exit(1);
  }
  // Keep the process alive; anvil runs as a child until a signal arrives.
  setInterval(() => undefined, 1 << 30);
}

void main();
