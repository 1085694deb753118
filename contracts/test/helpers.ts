/**
 * Shared helpers for the contract tests: a fresh anvil per test file, ethers v6 wallets for the
 * anvil dev accounts, typed-enough call helpers and revert assertions.
 */
import {
  Contract,
  ContractFactory,
  Interface,
  JsonRpcProvider,
  Wallet,
  type ContractTransactionResponse,
  type InterfaceAbi,
  type Log,
  type TransactionReceipt,
} from 'ethers';
import { expect } from 'vitest';
import { startAnvil, type AnvilHandle } from '../lib/anvil.ts';
import { compileContracts, getArtifact, type ArtifactsFile } from '../scripts/compile.ts';
import { devAccounts } from '../deploy/deploy.ts';

export const DAY = 86_400;
export const usdt = (whole: bigint): bigint => whole * 10n ** 6n;
export const nat = (whole: bigint): bigint => whole * 10n ** 18n;

export interface Chain {
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  artifacts: ArtifactsFile;
  /** Anvil dev accounts 0–9 as wallets on the provider (0 = deployer/owner). */
  accounts: Wallet[];
  stop(): Promise<void>;
}

/** Every custom error declared by any compiled contract (OpenZeppelin's included). */
let errorInterface: Interface | undefined;

export async function startChain(): Promise<Chain> {
  const artifacts = await compileContracts({ quiet: true });
  const seen = new Set<string>();
  const errors = Object.values(artifacts.contracts)
    .flatMap((a) => a.abi.filter((item) => item.type === 'error'))
    .filter((item) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  errorInterface = new Interface(errors as InterfaceAbi);
  const anvil = await startAnvil({ port: 0 });
  const provider = new JsonRpcProvider(anvil.url, 31337, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 20,
  });
  const accounts = devAccounts(10).map((w) => new Wallet(w.privateKey, provider));
  return {
    anvil,
    provider,
    artifacts,
    accounts,
    async stop() {
      provider.destroy();
      await anvil.stop();
    },
  };
}

export function account(chain: Chain, index: number): Wallet {
  const w = chain.accounts[index];
  if (!w) throw new Error(`no dev account ${index}`);
  return w;
}

export async function deploy(chain: Chain, name: string, args: unknown[], from?: Wallet): Promise<Contract> {
  const artifact = getArtifact(chain.artifacts, name);
  const factory = new ContractFactory(artifact.abi as InterfaceAbi, artifact.bytecode, from ?? account(chain, 0));
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return new Contract(await contract.getAddress(), artifact.abi as InterfaceAbi, chain.provider);
}

/** Sends `fn(args)` from `signer` and returns the successful receipt. */
export async function send(c: Contract, signer: Wallet, fn: string, ...args: unknown[]): Promise<TransactionReceipt> {
  const connected = c.connect(signer) as Contract;
  const tx = (await connected.getFunction(fn)(...args)) as ContractTransactionResponse;
  const receipt = await tx.wait();
  if (!receipt) throw new Error(`no receipt for ${fn}`);
  return receipt;
}

/** Read-only call; `from` sets msg.sender for caller-dependent views. */
export async function read<T = unknown>(c: Contract, fn: string, ...args: unknown[]): Promise<T> {
  return (await c.getFunction(fn).staticCall(...args)) as T;
}

export async function readAs<T = unknown>(c: Contract, from: Wallet, fn: string, ...args: unknown[]): Promise<T> {
  return (await (c.connect(from) as Contract).getFunction(fn).staticCall(...args)) as T;
}

export async function addr(c: Contract): Promise<string> {
  return c.getAddress();
}

/** Asserts a revert with the given reason string or custom error name. */
export async function expectRevert(promise: Promise<unknown>, reasonOrError: string): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `expected revert "${reasonOrError}"`).toBeDefined();
  const e = error as {
    code?: string;
    reason?: string | null;
    revert?: { name?: string } | null;
    data?: string | null;
    shortMessage?: string;
  };
  expect(e.code, e.shortMessage).toBe('CALL_EXCEPTION');
  let custom: string | undefined;
  if (typeof e.data === 'string' && e.data.length >= 10) {
    try {
      custom = errorInterface?.parseError(e.data)?.name;
    } catch {
      custom = undefined;
    }
  }
  const names = [e.reason, e.revert?.name, custom].filter((x): x is string => typeof x === 'string');
  expect(names, `revert was ${names.join(' / ') || String(e.shortMessage)}`).toContain(reasonOrError);
}

export async function snapshot(chain: Chain): Promise<string> {
  return (await chain.provider.send('evm_snapshot', [])) as string;
}

export async function revert(chain: Chain, id: string): Promise<void> {
  const ok = (await chain.provider.send('evm_revert', [id])) as boolean;
  if (!ok) throw new Error(`evm_revert ${id} failed`);
}

export async function increaseTime(chain: Chain, seconds: number): Promise<void> {
  await chain.provider.send('evm_increaseTime', [seconds]);
  await chain.provider.send('evm_mine', []);
}

/** The next mined block gets exactly this timestamp. */
export async function setNextTimestamp(chain: Chain, timestamp: number): Promise<void> {
  await chain.provider.send('evm_setNextBlockTimestamp', [timestamp]);
}

export async function blockTimestamp(chain: Chain, receipt: TransactionReceipt): Promise<number> {
  const block = await chain.provider.getBlock(receipt.blockNumber);
  if (!block) throw new Error('missing block');
  return block.timestamp;
}

/** Decoded events named `name` emitted by `c` in `receipt`. */
export function events(
  c: Contract,
  receipt: TransactionReceipt,
  name: string,
): { args: Record<string, unknown> & unknown[]; log: Log }[] {
  const target = receipt.logs.filter((l) => l.address.toLowerCase() === String(c.target).toLowerCase());
  const out: { args: Record<string, unknown> & unknown[]; log: Log }[] = [];
  for (const log of target) {
    const parsed = c.interface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === name) out.push({ args: parsed.args as unknown as Record<string, unknown> & unknown[], log });
  }
  return out;
}

export async function balance(token: Contract, who: string | Contract): Promise<bigint> {
  const a = typeof who === 'string' ? who : await who.getAddress();
  return read<bigint>(token, 'balanceOf', a);
}
