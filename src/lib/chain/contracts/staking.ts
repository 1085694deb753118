import { Interface, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asAddress, prepareWrite, readContract, type PreparedWrite } from '@/lib/chain/contract-call';

/**
 * NFT staking with Natura rewards (§3 C). Pools are indexed by pid; user calls take parallel
 * arrays of pids and uint24 token ids (the UI sends one-element arrays).
 */
export const STAKING_ABI = [
  'function vault(uint256, uint24) view returns (uint24 tokenId, address owner, bool initialized, uint256 timestamp)',
  'function getRewardsPerDay(uint256 _pid) view returns (uint256)',
  'function poolLength() view returns (uint256)',
  'function poolInfo(uint256) view returns (address nftAddress, uint256 cost, uint256 totalSupply)',
  'function totalRewardsClaimed() view returns (uint256)',
  'function stake(uint256[] _pids, uint24[] _tokenIds)',
  'function claimRewards(uint256[] _pids, uint24[] _tokenIds)',
  'function _unstakeMany(uint256[] _pids, uint24[] _tokenIds)',
] as const;

const stakingInterface = new Interface(STAKING_ABI);

/** Largest token id the staking contract can hold (uint24). */
export const MAX_STAKING_TOKEN_ID = (1n << 24n) - 1n;

export interface VaultEntry {
  tokenId: bigint;
  owner: Address;
  initialized: boolean;
  /** Unix seconds: the point rewards accrue from. */
  timestamp: bigint;
}

export interface PoolInfo {
  pid: number;
  nftAddress: Address;
  /** Market price, USDT base units. */
  cost: bigint;
  totalSupply: bigint;
}

interface RawVaultEntry {
  tokenId: bigint;
  owner: string;
  initialized: boolean;
  timestamp: bigint;
}

interface RawPoolInfo {
  nftAddress: string;
  cost: bigint;
  totalSupply: bigint;
}

const read = (runner: ContractRunner, staking: Address, method: string, args: readonly unknown[] = []) =>
  readContract(runner, staking, stakingInterface, method, args);

function stakingTokenId(tokenId: bigint): bigint {
  if (tokenId < 0n || tokenId > MAX_STAKING_TOKEN_ID) {
    throw new RangeError(`Token id ${tokenId} cannot be staked: the staking contract takes uint24 ids`);
  }
  return tokenId;
}

export async function getVaultEntry(
  runner: ContractRunner,
  staking: Address,
  pid: number,
  tokenId: bigint,
): Promise<VaultEntry> {
  const raw = (await read(runner, staking, 'vault', [pid, stakingTokenId(tokenId)])) as RawVaultEntry;
  return { tokenId: raw.tokenId, owner: asAddress(raw.owner), initialized: raw.initialized, timestamp: raw.timestamp };
}

/** Natura wei per staked NFT per day. */
export async function getRewardsPerDay(runner: ContractRunner, staking: Address, pid: number): Promise<bigint> {
  return (await read(runner, staking, 'getRewardsPerDay', [pid])) as bigint;
}

async function getPoolLength(runner: ContractRunner, staking: Address): Promise<number> {
  return Number(await read(runner, staking, 'poolLength'));
}

async function getPoolInfo(runner: ContractRunner, staking: Address, pid: number): Promise<PoolInfo> {
  const raw = (await read(runner, staking, 'poolInfo', [pid])) as RawPoolInfo;
  return { pid, nftAddress: asAddress(raw.nftAddress), cost: raw.cost, totalSupply: raw.totalSupply };
}

/** Every pool, in pid order (the dashboards find a collection's pid by scanning these, §6.1). */
export async function getAllPools(runner: ContractRunner, staking: Address): Promise<PoolInfo[]> {
  const length = await getPoolLength(runner, staking);
  return Promise.all(Array.from({ length }, (_, pid) => getPoolInfo(runner, staking, pid)));
}

/** Natura wei paid out as staking rewards so far. */
export async function getTotalRewardsClaimed(runner: ContractRunner, staking: Address): Promise<bigint> {
  return (await read(runner, staking, 'totalRewardsClaimed')) as bigint;
}

export interface StakedToken {
  pid: number;
  tokenId: bigint;
}

function split(tokens: readonly StakedToken[]): [number[], bigint[]] {
  if (tokens.length === 0) throw new RangeError('No tokens given');
  return [tokens.map((t) => t.pid), tokens.map((t) => stakingTokenId(t.tokenId))];
}

/** Stakes the tokens (each approved to the staking contract first). */
export function stake(signer: Signer, staking: Address, tokens: readonly StakedToken[]): PreparedWrite {
  return prepareWrite(signer, staking, stakingInterface, 'Staking', 'stake', split(tokens), 'stake');
}

export function claimRewards(signer: Signer, staking: Address, tokens: readonly StakedToken[]): PreparedWrite {
  return prepareWrite(signer, staking, stakingInterface, 'Staking', 'claimRewards', split(tokens), 'claim');
}

/** `_unstakeMany`: the leading underscore is real, it is the public unstake entry point (§5.6). */
export function unstake(signer: Signer, staking: Address, tokens: readonly StakedToken[]): PreparedWrite {
  return prepareWrite(signer, staking, stakingInterface, 'Staking', '_unstakeMany', split(tokens), 'unstake');
}
