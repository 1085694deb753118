import type { Signer, TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { signerAddress, type PreparedWrite } from '@/lib/chain/contract-call';
import { approveErc20, getErc20Allowance } from '@/lib/chain/contracts/erc20';
import { approveNft, isOperatorApproved } from '@/lib/chain/contracts/nft-collection';
import { AppError } from '@/lib/errors/app-error';
import { runTransaction, type TxOptions, type TxState } from '@/lib/tx/transaction';

/**
 * A flow is planned before it runs: the approvals it still needs (an allowance that already
 * covers the amount, or an NFT already approved, costs no wallet prompt) and then its action.
 * Knowing every step up front lets a screen say "1 of 2 — approve USDT" before the first prompt.
 * Each step is waited for (receipt status success) before the next one is sent (deployed-system.md §C5.0).
 */
export type TxPlan = readonly PreparedWrite[];

/** Where a running plan is: which step of how many, and that step's lifecycle state. */
interface PlanProgress {
  index: number;
  total: number;
  write: PreparedWrite;
  state: TxState;
}

export interface PlanOptions extends TxOptions {
  onProgress?: (progress: PlanProgress) => void;
  /** Checked before each step and while one is pending: a screen that is gone sends no further prompt. */
  signal?: { readonly aborted: boolean };
  /**
   * Runs right before step `index` is handed to the wallet (after the previous one was mined): the
   * last look at what may have changed meanwhile (the wallet's chain, the state the step relies on).
   * Throwing stops the plan; that step is never sent.
   */
  beforeStep?: (index: number, total: number) => Promise<void>;
}

/** Runs every step of `plan` in order through the one lifecycle; resolves with the last receipt. */
export async function runPlan(plan: TxPlan, options: PlanOptions = {}): Promise<TransactionReceipt> {
  let receipt: TransactionReceipt | undefined;
  for (const [index, write] of plan.entries()) {
    if (options.signal?.aborted) throw new AppError('unknown', 'The action was left before its next step.');
    await options.beforeStep?.(index, plan.length);
    if (options.signal?.aborted) throw new AppError('unknown', 'The action was left before its next step.');
    receipt = await runTransaction(write, {
      // A screen that is gone stops waiting too: the background watcher follows the transaction.
      isStopped: () => options.signal?.aborted === true,
      onState: (state) => {
        options.onState?.(state);
        options.onProgress?.({ index, total: plan.length, write, state });
      },
    });
  }
  if (!receipt) throw new Error('runPlan: the plan has no step');
  return receipt;
}

/** `[approve]` when `spender` may not yet spend `amount` of the signer's `token`, else `[]`. */
export async function planTokenAllowance(
  signer: Signer,
  token: Address,
  tokenName: string,
  spender: Address,
  amount: bigint,
): Promise<PreparedWrite[]> {
  if (amount === 0n) return [];
  const owner = await signerAddress(signer);
  const current = await getErc20Allowance(signer, token, owner, spender);
  return current >= amount ? [] : [approveErc20(signer, token, spender, amount, tokenName)];
}

/** `[approve]` when `operator` may not yet move `tokenId` of `collection`, else `[]`. */
export async function planNftApproval(
  signer: Signer,
  collection: Address,
  operator: Address,
  tokenId: bigint,
): Promise<PreparedWrite[]> {
  const owner = await signerAddress(signer);
  if (await isOperatorApproved(signer, collection, owner, operator, tokenId)) return [];
  return [approveNft(signer, collection, operator, tokenId)];
}
