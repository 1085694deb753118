import type { JsonRpcProvider } from 'ethers';
import type { TFunction } from 'i18next';
import type { Address } from '@/config/env';
import { getRewardPool, rewardPoolCovers } from '@/features/staking/api/get-reward-pool';
import { getChainTime, type StakedPosition } from '@/features/staking/api/get-staked-nfts';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { findOwnerOf } from '@/lib/chain/contracts/nft-collection';
import { MAX_STAKING_TOKEN_ID, getPoolInfo, getRewardsPerDay, getVaultEntry } from '@/lib/chain/contracts/staking';
import { estimateTotalRewards } from '@/lib/chain/staking-math';
import { sameAddress } from '@/lib/format/address';
import { formatNatura } from '@/lib/format/numbers';

/**
 * The staking page's checks before any wallet prompt, read on chain at the moment of the action
 * (deployed-system.md §C9.2): Stake refuses a token the account does not own or whose id is above the
 * pool's totalSupply; Claim and Unstake re-read what is due and refuse when the staking owner's
 * Natura balance or allowance (the reward pool) cannot pay it, since the contract would revert.
 * Each returns the user's words, or null when nothing stands in the way.
 */
interface CheckContext {
  runner: JsonRpcProvider;
  addresses: { staking: Address; natura: Address };
  account: Address;
  t: TFunction<'staking'>;
  language: string;
}

/**
 * What a claim of `positions` pays if mined now: whole days since each vault timestamp × the
 * pool's rate of today. Null when a token is no longer staked by `account`.
 */
async function dueNow(context: CheckContext, positions: readonly StakedPosition[]): Promise<bigint | null> {
  const { runner, addresses, account } = context;
  const pids = [...new Set(positions.map((p) => p.pid))];
  const [now, entries, rates] = await Promise.all([
    getChainTime(runner),
    Promise.all(positions.map((p) => getVaultEntry(runner, addresses.staking, p.pid, p.tokenId))),
    Promise.all(pids.map((pid) => getRewardsPerDay(runner, addresses.staking, pid))),
  ]);
  if (entries.some((entry) => !entry.initialized || !sameAddress(entry.owner, account))) return null;
  return positions.reduce((sum, p, index) => {
    const rate = rates[pids.indexOf(p.pid)] ?? 0n;
    return sum + estimateTotalRewards(entries[index]?.timestamp ?? 0n, rate, BigInt(now));
  }, 0n);
}

/** Claim and unstake both revert when the owner's wallet cannot pay `due`. */
async function poolProblem(context: CheckContext, key: string, due: bigint): Promise<string | null> {
  const { runner, addresses, t, language } = context;
  const pool = await getRewardPool(runner, addresses);
  return rewardPoolCovers(pool, due) ? null : t(key, { amount: formatNatura(due, language) });
}

/** Stake: a staking-range id, still the account's, and within the pool's totalSupply. */
export async function checkStake(context: CheckContext, nft: StakeableNft): Promise<string | null> {
  const { runner, addresses, account, t } = context;
  const name = `${nft.collectionName ?? ''}#${nft.tokenId.toString()}`;
  if (nft.tokenId > MAX_STAKING_TOKEN_ID) return t('problem.tokenId');
  const [current, pool] = await Promise.all([
    findOwnerOf(runner, nft.contract, nft.tokenId),
    getPoolInfo(runner, addresses.staking, nft.pid),
  ]);
  if (!sameAddress(current, account)) return t('problem.notOwner', { name });
  // deployed-system.md §C9.2: the helper scans ids 1 … totalSupply only; a token above would vanish from MY STAKED.
  return nft.tokenId > pool.totalSupply
    ? t('problem.aboveSupply', { name, supply: pool.totalSupply.toString() })
    : null;
}

/** Claim: every token still staked by the account, something due, and the reward pool covers it. */
export async function checkClaim(context: CheckContext, positions: readonly StakedPosition[]): Promise<string | null> {
  const due = await dueNow(context, positions);
  if (due === null) return context.t('problem.notStaked');
  if (due === 0n) return context.t('problem.nothingToClaim');
  return poolProblem(context, 'problem.poolEmptyClaim', due);
}

/** Unstake: every token still staked by the account, and the reward pool covers what it pays. */
export async function checkUnstake(
  context: CheckContext,
  positions: readonly StakedPosition[],
): Promise<string | null> {
  const due = await dueNow(context, positions);
  if (due === null) return context.t('problem.notStaked');
  return poolProblem(context, 'problem.poolEmptyUnstake', due);
}
