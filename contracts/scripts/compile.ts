/**
 * Compiles contracts/src/*.sol with the npm `solc` package (JS API, evmVersion cancun, optimizer
 * on) and caches the result in contracts/.cache/artifacts.json. The cache key is a SHA-256 over the
 * solc version, the compiler settings, every source file (ours and the imported OpenZeppelin ones)
 * and their paths, so an unchanged tree is never recompiled.
 *
 * CLI: `tsx contracts/scripts/compile.ts [--force]`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface AbiParam {
  name: string;
  type: string;
  internalType?: string;
  indexed?: boolean;
  components?: AbiParam[];
}

export interface AbiItem {
  type: 'function' | 'event' | 'constructor' | 'error' | 'receive' | 'fallback';
  name?: string;
  inputs?: AbiParam[];
  outputs?: AbiParam[];
  stateMutability?: string;
  anonymous?: boolean;
}

export interface ContractArtifact {
  contractName: string;
  /** Source path relative to contracts/src, e.g. "Swap.sol". */
  sourceName: string;
  abi: AbiItem[];
  /** 0x-prefixed creation bytecode. */
  bytecode: string;
  /** 0x-prefixed runtime bytecode. */
  deployedBytecode: string;
}

export interface ArtifactsFile {
  /** SHA-256 cache key (solc version + settings + sources). */
  key: string;
  solcVersion: string;
  contracts: Record<string, ContractArtifact>;
}

export interface CompileOptions {
  /** Recompile even when the cache is current. */
  force?: boolean;
  /** Suppress progress output. */
  quiet?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
export const CONTRACTS_DIR = resolve(here, '..');
export const SRC_DIR = join(CONTRACTS_DIR, 'src');
export const CACHE_DIR = join(CONTRACTS_DIR, '.cache');
export const ARTIFACTS_FILE = join(CACHE_DIR, 'artifacts.json');

const require = createRequire(import.meta.url);

const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

interface SourceSet {
  sources: Record<string, { content: string }>;
}

/** Our sources plus, transitively, every OpenZeppelin file they import. */
function collectSources(): SourceSet {
  const sources: Record<string, { content: string }> = {};
  const pending: string[] = [];
  for (const file of readdirSync(SRC_DIR).sort()) {
    if (file.endsWith('.sol')) pending.push(file);
  }
  const readSource = (path: string): string => {
    if (path.startsWith('@')) return readFileSync(require.resolve(path), 'utf8');
    return readFileSync(join(SRC_DIR, path), 'utf8');
  };
  while (pending.length > 0) {
    const path = pending.pop();
    if (path === undefined || sources[path]) continue;
    const content = readSource(path);
    sources[path] = { content };
    for (const match of content.matchAll(/^\s*import\s+(?:[^'"]*from\s+)?["']([^"']+)["']/gm)) {
      const spec = match[1];
      if (spec === undefined) continue;
      const target = spec.startsWith('.') ? join(dirname(path), spec).replaceAll('\\', '/') : spec;
      if (!sources[target]) pending.push(target);
    }
  }
  return { sources };
}

function solcPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function cacheKey(set: SourceSet, solcVersion: string): string {
  const hash = createHash('sha256');
  hash.update(`solc:${solcVersion}\n`);
  hash.update(JSON.stringify(SETTINGS));
  for (const path of Object.keys(set.sources).sort()) {
    hash.update(`\n--${path}\n`);
    hash.update(set.sources[path]?.content ?? '');
  }
  return hash.digest('hex');
}

function readCache(key: string): ArtifactsFile | undefined {
  if (!existsSync(ARTIFACTS_FILE)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(ARTIFACTS_FILE, 'utf8')) as ArtifactsFile;
    return cached.key === key ? cached : undefined;
  } catch {
    return undefined;
  }
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: AbiItem[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** Returns the artifacts, compiling only when sources, settings or solc changed. */
export async function compileContracts(options: CompileOptions = {}): Promise<ArtifactsFile> {
  const set = collectSources();
  const key = cacheKey(set, solcPackageVersion());
  if (!options.force) {
    const cached = readCache(key);
    if (cached) return cached;
  }

  const log = options.quiet ? () => undefined : (msg: string) => console.log(msg);
  const started = Date.now();
  log('[contracts] compiling with solc-js …');
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string };
  const input = { language: 'Solidity', sources: set.sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }

  const contracts: Record<string, ContractArtifact> = {};
  for (const [sourceName, byName] of Object.entries(output.contracts ?? {})) {
    if (sourceName.startsWith('@')) continue;
    for (const [contractName, out] of Object.entries(byName)) {
      if (out.evm.bytecode.object.length === 0) continue; // interfaces / abstract contracts
      contracts[contractName] = {
        contractName,
        sourceName,
        abi: out.abi,
        bytecode: `0x${out.evm.bytecode.object}`,
        deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
      };
    }
  }

  const artifacts: ArtifactsFile = { key, solcVersion: solc.version(), contracts };
  mkdirSync(CACHE_DIR, { recursive: true });
  // Write-then-rename so a concurrent reader never sees a half-written file.
  const tmp = `${ARTIFACTS_FILE}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(artifacts));
  renameSync(tmp, ARTIFACTS_FILE);
  log(`[contracts] compiled ${Object.keys(contracts).length} contracts in ${Date.now() - started} ms`);
  return artifacts;
}

/** Looks up one contract's artifact, with a clear error when it is missing. */
export function getArtifact(artifacts: ArtifactsFile, name: string): ContractArtifact {
  const artifact = artifacts.contracts[name];
  if (!artifact) throw new Error(`No artifact for contract ${name}`);
  return artifact;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const force = process.argv.includes('--force');
  compileContracts({ force })
    .then((a) => console.log(`[contracts] ${Object.keys(a.contracts).join(', ')} (${a.solcVersion})`))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
