import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { listOf, typedContract, uint } from '@/lib/chain/contracts/typed-contract';

/** Read-only staking helper (§3 D): the staked list is read from here, not from the staking contract. */
export const STAKING_HELPER_ABI = [
  'function getUserStakedTokens(uint256 _pid, address _account) view returns (uint256[])',
] as const;

const helperContract = typedContract(STAKING_HELPER_ABI, 'StakingHelper', { getUserStakedTokens: listOf(uint) });

/** Token ids `account` has staked in pool `pid`. */
export async function getUserStakedTokens(
  runner: ContractRunner,
  helper: Address,
  pid: number,
  account: Address,
): Promise<bigint[]> {
  return helperContract.read(runner, helper, 'getUserStakedTokens', [pid, account]);
}
