/**
 * `npm start`: brings the whole local stack up (chain, contracts, CMS, app with the dev wallet),
 * prints where everything is, and stops all of it on Ctrl-C.
 */
import { StackError, startStack } from './stack.ts';

const stack = await startStack({ app: 'dev', devWallet: true, freshCms: process.argv.includes('--fresh') }).catch(
  (error: unknown) => {
    console.error(`\n✖ The local stack did not come up: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof StackError) console.error(`  The failing part is "${error.part}".`);
    process.exit(1);
  },
);

console.log(`
Terra Mater local stack is up
  app        ${stack.appUrl}
  CMS        ${stack.cmsUrl}/api   (outbox: ${stack.cmsUrl}/api/local-outbox)
  chain      ${stack.rpcUrl}   (chain id ${stack.deployment.chainId})
  contracts  ${Object.entries(stack.deployment.contracts)
    .map(([name, address]) => `${name} ${address}`)
    .join('\n             ')}

Dev accounts (anvil test keys, worthless outside this machine):
${stack.deployment.accounts
  .slice(0, 4)
  .map((account, index) => `  #${index} ${account.address}  ${account.privateKey}`)
  .join('\n')}
In the app, "Connect Wallet" → "Terra Mater Dev Wallet" signs with account #1.
Ctrl-C stops everything.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    void stack.stop().then(() => process.exit(0));
  });
}
