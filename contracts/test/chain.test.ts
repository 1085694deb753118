/** `npm run chain` (contracts/scripts/chain.ts): comes up deployed, answers RPC, SIGTERM stops anvil. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Deployment } from '../deploy/deploy.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'tm-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => done(port));
    });
  });
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

describe('chain command', () => {
  it('starts anvil, deploys, prints accounts, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const deploymentFile = join(dir, 'local.json');
    const envFile = join(dir, '.env.localstack');
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['contracts/scripts/chain.ts'], {
      cwd: ROOT,
      env: { ...process.env, ANVIL_PORT: String(port), DEPLOYMENT_FILE: deploymentFile, LOCALSTACK_ENV_FILE: envFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!out.includes('Ctrl-C to stop')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`chain did not come up:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = `http://127.0.0.1:${port}`;
      expect(await rpc(url, 'eth_chainId')).toBe('0x7a69');
      const d = JSON.parse(readFileSync(deploymentFile, 'utf8')) as Deployment;
      expect(d.rpcUrl).toBe(url);
      expect(((await rpc(url, 'eth_getCode', [d.contracts.swap, 'latest'])) as string).length).toBeGreaterThan(2);
      expect(out).toContain(d.contracts.marketplace);
      expect(out).toContain('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
      expect(existsSync(envFile)).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(rpc(url, 'eth_chainId')).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
