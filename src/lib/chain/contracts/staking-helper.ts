import type { ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { listOf, typedContract, uint } from '@/lib/chain/contracts/typed-contract';

/** Read-only staking helper (deployed-system.md §C3 D): the staked list is read from here, not from the staking contract. */
export const STAKING_HELPER_ABI = [
  'function getUserStakedTokens(uint256 _pid, address _account) view returns (uint256[])',
] as const;

const helperContract = typedContract(STAKING_HELPER_ABI, 'StakingHelper', { getUserStakedTokens: listOf(uint) });

/**
 * Gas given to the helper's scan (deployed-system.md §C9.2: ≈ 8,000 gas per id of the pool, ≈ 8 M for
 * 1,000 ids). Explicit, so the call fails the same way on every node (instead of at whatever
 * `eth_call` cap the node applies) and the page can fall back to reading the vault itself.
 */
const HELPER_SCAN_GAS = 30_000_000n;

/** Token ids `account` has staked in pool `pid`, among ids 1 … `poolInfo(pid).totalSupply` only. */
export async function getUserStakedTokens(
  runner: ContractRunner,
  helper: Address,
  pid: number,
  account: Address,
): Promise<bigint[]> {
  return helperContract.read(runner, helper, 'getUserStakedTokens', [pid, account, { gasLimit: HELPER_SCAN_GAS }]);
}
