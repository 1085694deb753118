import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { getNaturaAllowance, getNaturaBalance } from '@/lib/chain/contracts/natura';
import { getStakingOwner } from '@/lib/chain/contracts/staking';

/**
 * Where the rewards come from (deployed-system.md §C9.2): the staking owner's Natura wallet, through its
 * allowance to the staking contract. When either is below what a claim or unstake pays, the
 * contract reverts both, so the app checks first.
 */
export interface RewardPool {
  owner: Address;
  balance: bigint;
  allowance: bigint;
}

export async function getRewardPool(
  runner: ContractRunner,
  addresses: { staking: Address; natura: Address },
): Promise<RewardPool> {
  const owner = await getStakingOwner(runner, addresses.staking);
  const [balance, allowance] = await Promise.all([
    getNaturaBalance(runner, addresses.natura, owner),
    getNaturaAllowance(runner, addresses.natura, owner, addresses.staking),
  ]);
  return { owner, balance, allowance };
}

/** Whether the pool can pay `due` Natura wei now (nothing due needs nothing). */
export function rewardPoolCovers(pool: RewardPool, due: bigint): boolean {
  return due === 0n || (pool.balance >= due && pool.allowance >= due);
}
