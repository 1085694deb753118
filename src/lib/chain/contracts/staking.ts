import type { ContractRunner, Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import { address, bool, members, typedContract, uint, type Decoder } from '@/lib/chain/contracts/typed-contract';

/**
 * NFT staking with Natura rewards (deployed-system.md §C3 C). Pools are indexed by pid; user calls take parallel
 * arrays of pids and uint24 token ids (the UI sends one-element arrays).
 */
export const STAKING_ABI = [
  'function vault(uint256, uint24) view returns (uint24 tokenId, address owner, bool initialized, uint256 timestamp)',
  'function getRewardsPerDay(uint256 _pid) view returns (uint256)',
  'function poolLength() view returns (uint256)',
  'function poolInfo(uint256) view returns (address nftAddress, uint256 cost, uint256 totalSupply)',
  'function totalRewardsClaimed() view returns (uint256)',
  'function owner() view returns (address)',
  'function stake(uint256[] _pids, uint24[] _tokenIds)',
  'function claimRewards(uint256[] _pids, uint24[] _tokenIds)',
  'function _unstakeMany(uint256[] _pids, uint24[] _tokenIds)',
] as const;

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

const vaultEntry: Decoder<VaultEntry> = (value) => {
  const member = members(value);
  return {
    tokenId: uint(member('tokenId')),
    owner: address(member('owner')),
    initialized: bool(member('initialized')),
    timestamp: uint(member('timestamp')),
  };
};

const poolInfo: Decoder<Omit<PoolInfo, 'pid'>> = (value) => {
  const member = members(value);
  return {
    nftAddress: address(member('nftAddress')),
    cost: uint(member('cost')),
    totalSupply: uint(member('totalSupply')),
  };
};

const stakingContract = typedContract(STAKING_ABI, 'Staking', {
  vault: vaultEntry,
  getRewardsPerDay: uint,
  poolLength: uint,
  poolInfo,
  totalRewardsClaimed: uint,
  owner: address,
});
const read = stakingContract.read;

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
  return read(runner, staking, 'vault', [pid, stakingTokenId(tokenId)]);
}

/** Natura wei per staked NFT per day. */
export async function getRewardsPerDay(runner: ContractRunner, staking: Address, pid: number): Promise<bigint> {
  return read(runner, staking, 'getRewardsPerDay', [pid]);
}

export async function getPoolInfo(runner: ContractRunner, staking: Address, pid: number): Promise<PoolInfo> {
  return { pid, ...(await read(runner, staking, 'poolInfo', [pid])) };
}

/** The staking owner: rewards are pulled from its Natura wallet (deployed-system.md §C9.2). */
export async function getStakingOwner(runner: ContractRunner, staking: Address): Promise<Address> {
  return read(runner, staking, 'owner');
}

/** Natura wei paid out as staking rewards so far. */
export async function getTotalRewardsClaimed(runner: ContractRunner, staking: Address): Promise<bigint> {
  return read(runner, staking, 'totalRewardsClaimed');
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
  return stakingContract.write(signer, staking, 'stake', split(tokens));
}

export function claimRewards(signer: Signer, staking: Address, tokens: readonly StakedToken[]): PreparedWrite {
  return stakingContract.write(signer, staking, 'claimRewards', split(tokens));
}

/** `_unstakeMany`: the leading underscore is real, it is the public unstake entry point (deployed-system.md §C5.6). */
export function unstake(signer: Signer, staking: Address, tokens: readonly StakedToken[]): PreparedWrite {
  return stakingContract.write(signer, staking, '_unstakeMany', split(tokens));
}
