import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asStep } from '@/lib/chain/contract-call';
import { claimRewards, stake, unstake, type StakedToken } from '@/lib/chain/contracts/staking';
import { planNftApproval, type TxPlan } from '@/lib/tx/plan';

/** deployed-system.md §C5.6: NFT approve to the staking contract (when needed), then `stake([pid], [tokenId])`. */
export async function planStake(
  signer: Signer,
  params: { staking: Address; collection: Address; pid: number; tokenId: bigint },
): Promise<TxPlan> {
  return [
    ...(await planNftApproval(signer, params.collection, params.staking, params.tokenId)),
    asStep('stake', stake(signer, params.staking, [{ pid: params.pid, tokenId: params.tokenId }])),
  ];
}

/** `claimRewards(pids, tokenIds)`: one transaction for every token given (the contract takes arrays). */
export function planClaim(signer: Signer, params: { staking: Address; tokens: readonly StakedToken[] }): TxPlan {
  return [asStep('claim', claimRewards(signer, params.staking, params.tokens))];
}

/** `_unstakeMany(pids, tokenIds)`: one transaction for every token given; it also pays what they accrued. */
export function planUnstake(signer: Signer, params: { staking: Address; tokens: readonly StakedToken[] }): TxPlan {
  return [asStep('unstake', unstake(signer, params.staking, params.tokens))];
}
