import { Interface, type ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { readContract } from '@/lib/chain/contract-call';

/** Read-only staking helper (§3 D): the staked list is read from here, not from the staking contract. */
export const STAKING_HELPER_ABI = [
  'function getUserStakedTokens(uint256 _pid, address _account) view returns (uint256[])',
] as const;

const helperInterface = new Interface(STAKING_HELPER_ABI);

/** Token ids `account` has staked in pool `pid`. */
export async function getUserStakedTokens(
  runner: ContractRunner,
  helper: Address,
  pid: number,
  account: Address,
): Promise<bigint[]> {
  const ids = (await readContract(runner, helper, helperInterface, 'getUserStakedTokens', [pid, account])) as bigint[];
  return [...ids];
}
