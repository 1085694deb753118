/**
 * Starts a local anvil chain (chain id 31337, default test mnemonic) from the npm package
 * `@foundry-rs/anvil`. Dependency-free besides node: reused by the contract tests, the stack
 * start command and the e2e harness.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StartAnvilOptions {
  /** TCP port; 0 picks a free one. Default 8545. */
  port?: number;
  host?: '127.0.0.1';
  /** Do not forward anvil's output. Default true. */
  quiet?: boolean;
  /** Milliseconds to wait for the node to answer eth_chainId. Default 20 000. */
  timeoutMs?: number;
  /**
   * Keep no old states (`--prune-history`): logs, blocks and receipts stay, state reads at old blocks fail. For long
   * chains (scripts/bench/history.ts): otherwise anvil writes every old state to ~/.foundry/anvil/tmp, ≈ 75 GB for
   * 50 000 blocks of the bench's history.
   */
  pruneHistory?: boolean;
}

export interface AnvilHandle {
  url: string;
  port: number;
  /** Process id of the anvil binary itself. */
  pid: number;
  stop(): Promise<void>;
}

export const ANVIL_CHAIN_ID = 31337;
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(here, '..', '..');

/** The native binary, so that stopping kills anvil itself and not a wrapper script. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const native = join(REPO_ROOT, 'node_modules', '@foundry-rs', `anvil-${process.platform}-${arch}`, 'bin', 'anvil');
  if (existsSync(native)) return native;
  const wrapper = join(REPO_ROOT, 'node_modules', '.bin', 'anvil');
  if (existsSync(wrapper)) return wrapper;
  throw new Error('anvil binary not found: install @foundry-rs/anvil at the repository root');
}

function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function chainIdAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { result?: string };
    return body.result !== undefined && Number(body.result) === ANVIL_CHAIN_ID;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const host = options.host ?? '127.0.0.1';
  const quiet = options.quiet ?? true;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const requested = options.port ?? 8545;
  const port = requested === 0 ? await freePort(host) : requested;
  const url = `http://${host}:${port}`;

  if (await chainIdAnswers(url)) {
    throw new Error(`Something already answers JSON-RPC on ${url}; stop it or choose another ANVIL_PORT`);
  }

  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(ANVIL_CHAIN_ID),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--accounts',
    '10',
    // First-in-first-out mempool: transactions are mined in the order they were sent.
    '--order',
    'fifo',
  ];
  if (quiet) args.push('--silent');
  if (options.pruneHistory) args.push('--prune-history');

  const child = spawn(anvilBinaryPath(), args, { stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  spawnError.catch(() => undefined);

  // If our process exits without calling stop(), do not leave this anvil behind.
  const killOnExit = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 3000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 3000);
    }
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`anvil exited before answering on ${url}: ${stderr.trim()}`);
    const ready = await Promise.race([chainIdAnswers(url), spawnError]);
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${url} within ${timeoutMs} ms: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  if (child.pid === undefined) throw new Error('anvil has no pid');
  return { url, port, pid: child.pid, stop };
}
