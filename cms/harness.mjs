// Harness for the local CMS (plain ESM, node built-ins only).
// Used by the stack start command, the e2e tests and the CMS contract tests.
//
//   import { ensureCmsInstalled, startCms, readOutbox } from './cms/harness.mjs';
//   await ensureCmsInstalled();
//   const cms = await startCms({ port: 1337, fresh: true });
//   ... cms.url ...
//   await cms.stop();

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CMS_DIR = path.dirname(fileURLToPath(import.meta.url));
const MARKER = path.join(CMS_DIR, 'node_modules', '.terra-install-hash');
const STRAPI_BIN = path.join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
const DEFAULT_TIMEOUT_MS = 180_000;

const noop = () => {};

function installHash() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) {
    const p = path.join(CMS_DIR, f);
    h.update(f).update(fs.existsSync(p) ? fs.readFileSync(p) : '');
  }
  h.update(process.version);
  return h.digest('hex');
}

function nativeModulesWork() {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: CMS_DIR,
    stdio: 'pipe',
  });
  return r.status === 0;
}

function run(cmd, args, log) {
  return new Promise((resolve, reject) => {
    log(`[cms] ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: CMS_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const tail = [];
    const onData = (d) => {
      for (const line of String(d).split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${tail.join('\n')}`)),
    );
  });
}

/**
 * Installs cms/node_modules when missing or when package.json / package-lock.json
 * changed since the last install (hash marker in node_modules). No-op otherwise.
 * Verifies that the native SQLite driver loads (rebuilds it once if not).
 */
const LOCK_DIR = path.join(CMS_DIR, '.install-lock');

// cross-process lock (atomic mkdir) so parallel callers do not run npm at the same time
async function withInstallLock(fn, log) {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - fs.statSync(LOCK_DIR).mtimeMs;
      } catch {
        continue;
      }
      if (age > 15 * 60_000) {
        fs.rmSync(LOCK_DIR, { recursive: true, force: true }); // stale
        continue;
      }
      if (Date.now() - started < 1000) log('[cms] another process is installing the CMS; waiting…');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function upToDate(hash) {
  const marker = fs.existsSync(MARKER) ? fs.readFileSync(MARKER, 'utf8').trim() : null;
  return fs.existsSync(STRAPI_BIN) && marker === hash;
}

export async function ensureCmsInstalled({ log = noop } = {}) {
  const hash = installHash();
  if (upToDate(hash)) return { installed: false };
  return withInstallLock(() => (upToDate(hash) ? { installed: false } : install(log)), log);
}

async function install(log) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  log('[cms] installing CMS dependencies (first run or lock file changed; takes a few minutes)…');
  const hasLock = fs.existsSync(path.join(CMS_DIR, 'package-lock.json'));
  if (hasLock) {
    try {
      await run(npm, ['ci', '--no-audit', '--no-fund'], log);
    } catch (e) {
      // `npm ci` refuses a lock file without entries for other platforms' optional packages
      // (e.g. @swc/core-darwin-*, absent from some registry mirrors); `npm install` accepts it
      log(`[cms] npm ci failed, falling back to npm install (${String(e.message).split('\n')[0]})`);
      await run(npm, ['install', '--no-audit', '--no-fund'], log);
    }
  } else {
    await run(npm, ['install', '--no-audit', '--no-fund'], log);
  }
  if (!nativeModulesWork()) {
    log('[cms] better-sqlite3 did not load; rebuilding it');
    await run(npm, ['rebuild', 'better-sqlite3'], log);
    if (!nativeModulesWork()) throw new Error('[cms] better-sqlite3 native module does not load after rebuild');
  }
  fs.writeFileSync(MARKER, installHash() + '\n'); // after install: npm may have touched the lock
  log(`[cms] CMS dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return { installed: true };
}

function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on 127.0.0.1 (for tests that start their own CMS). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Removes the database, uploads and outbox of a data dir. */
export function wipeDataDir(dataDir) {
  for (const p of ['data.db', 'data.db-journal', 'data.db-wal', 'data.db-shm', 'public', 'outbox.jsonl']) {
    fs.rmSync(path.join(dataDir, p), { recursive: true, force: true });
  }
}

async function healthy(url) {
  try {
    const res = await fetch(`${url}/api/nft-statuses`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return false;
    const body = await res.json();
    return Array.isArray(body.data) && body.data.length === 3;
  } catch {
    return false;
  }
}

const live = new Set();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // last resort: never leave a CMS behind when the parent exits
  process.on('exit', () => {
    for (const child of live) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });
}

/**
 * Starts `strapi start` in cms/ as a child process (own process group) and resolves when it
 * is seeded and answering. Rejects with the last log lines when it exits or times out.
 *
 * @param {object} [opts]
 * @param {number} [opts.port=1337]
 * @param {string} [opts.host='127.0.0.1']
 * @param {string} [opts.dataDir]        SQLite file, uploads and outbox live here (default cms/.tmp)
 * @param {string} [opts.deploymentFile] chain deployment JSON (default ../contracts/deployments/local.json)
 * @param {boolean} [opts.fresh=false]   wipe the data dir's database/uploads/outbox first
 * @param {boolean} [opts.grantUserFind=true] false: start without the Authenticated `user.find`
 *                                       grant (CMS_GRANT_USER_FIND=0; avatar lookup 400, link dropped)
 * @param {boolean} [opts.naturaBalance=true] false: start without the natura-balance type
 *                                       (CMS_NATURA_BALANCE=0; `/api/natura-balances` is a 404)
 * @param {object} [opts.env]            extra environment for the CMS process
 * @param {(line: string) => void} [opts.log] receives every CMS log line
 * @param {number} [opts.timeoutMs=180000]
 * @returns {Promise<{ url: string, port: number, dataDir: string, pid: number, logs: () => string[], stop: () => Promise<void> }>}
 */
export async function startCms({
  port = 1337,
  host = '127.0.0.1',
  dataDir = path.join(CMS_DIR, '.tmp'),
  deploymentFile,
  fresh = false,
  grantUserFind,
  naturaBalance,
  env = {},
  log = noop,
  timeoutMs = DEFAULT_TIMEOUT_MS,
} = {}) {
  if (!fs.existsSync(STRAPI_BIN)) {
    throw new Error('[cms] dependencies are not installed: call ensureCmsInstalled() first (or run npm ci in cms/)');
  }
  if (await portInUse(port, host)) {
    throw new Error(`[cms] port ${port} on ${host} is already in use (another CMS running?)`);
  }
  dataDir = path.resolve(dataDir);
  if (fresh) wipeDataDir(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const url = `http://${host}:${port}`;

  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(port),
    CMS_DATA_DIR: dataDir,
    CMS_PUBLIC_URL: url,
    LOCAL_OUTBOX: '1',
    LOCAL_CONTROLS: '1', // PUT /api/local-mode: the mode switches at run time (see setCmsMode)
    CMS_PARENT_PID: String(process.pid), // the CMS exits by itself if this process dies
    // local-only secrets (never real ones)
    APP_KEYS: 'local-app-key-a,local-app-key-b,local-app-key-c,local-app-key-d',
    API_TOKEN_SALT: 'local-api-token-salt',
    ADMIN_JWT_SECRET: 'local-admin-jwt-secret',
    TRANSFER_TOKEN_SALT: 'local-transfer-token-salt',
    JWT_SECRET: 'local-users-permissions-jwt-secret',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    BROWSER: 'none',
    FORCE_COLOR: '0',
    ...(deploymentFile ? { DEPLOYMENT_FILE: path.resolve(deploymentFile) } : {}),
    ...(grantUserFind === undefined ? {} : { CMS_GRANT_USER_FIND: grantUserFind ? '1' : '0' }),
    ...(naturaBalance === undefined ? {} : { CMS_NATURA_BALANCE: naturaBalance ? '1' : '0' }),
    ...env,
  };

  const child = spawn(process.execPath, [STRAPI_BIN, 'start'], {
    cwd: CMS_DIR,
    env: childEnv,
    detached: true, // own process group → stop() kills everything
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  installExitHook();

  const lines = [];
  const onData = (d) => {
    for (const raw of String(d).split('\n')) {
      // eslint-disable-next-line no-control-regex
      const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trimEnd();
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      log(`[cms] ${line}`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      resolve(exited);
    });
  });

  async function stop() {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exitPromise;
    clearTimeout(timer);
    // reap anything left in the group
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }

  const tail = (n = 30) => lines.slice(-n).join('\n');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(
        `[cms] strapi exited before becoming ready (code ${exited.code}, signal ${exited.signal}). Last log lines:\n${tail()}`,
      );
    }
    if (await healthy(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`[cms] not ready at ${url} after ${Math.round(timeoutMs / 1000)} s. Last log lines:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return { url, port, dataDir, pid: child.pid, logs: () => lines.slice(), stop };
}

/** The e-mails delivered to the local outbox (needs LOCAL_OUTBOX=1, which startCms sets). */
export async function readOutbox(url, { to, subject } = {}) {
  const q = new URLSearchParams();
  if (to) q.set('to', to);
  if (subject) q.set('subject', subject);
  const res = await fetch(`${url.replace(/\/+$/, '')}/api/local-outbox${q.size ? `?${q}` : ''}`);
  if (!res.ok) throw new Error(`[cms] GET /api/local-outbox → ${res.status} ${await res.text()}`);
  const body = await res.json();
  return body.data;
}

/**
 * Switches a running local CMS (started by this harness) to another mode and resolves to the mode
 * now in force: `{ userFind, naturaBalance }` (cms/lib/mode.js). Used by tests that share one CMS.
 */
export async function setCmsMode(url, changes) {
  const res = await fetch(`${url.replace(/\/+$/, '')}/api/local-mode`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(changes),
  });
  if (!res.ok) throw new Error(`[cms] PUT /api/local-mode → ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}
