import type { Signer, TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { signerAddress, type PreparedWrite } from '@/lib/chain/contract-call';
import { approveErc20, getErc20Allowance } from '@/lib/chain/contracts/erc20';
import { approveNft, isOperatorApproved } from '@/lib/chain/contracts/nft-collection';
import { AppError } from '@/lib/errors/app-error';
import type { TxAction } from '@/lib/tx/flow';
import { runTransaction, type TxOptions, type TxState } from '@/lib/tx/transaction';
import { runBatch, type BatchTarget } from '@/lib/tx/batch';

/**
 * A flow is planned before it runs: the approvals it still needs (an allowance that already
 * covers the amount, or an NFT already approved, costs no wallet prompt) and then its action.
 * Knowing every step up front lets a screen say "1 of 2 — approve USDT" before the first prompt.
 * Each step is waited for (receipt status success) before the next one is sent (deployed-system.md §C5.0).
 */
export type TxPlan = readonly PlannedWrite[];

/**
 * A step of a plan that does several flow actions in one go (change a price: release, then list; list
 * or release many NFTs): the action the step belongs to, and whether it is that action's last step.
 * A step that completes its action has its record queued once it is confirmed, even when a later step
 * of the plan is refused or fails: what was done on chain is written to the CMS.
 */
interface PlanPart {
  action: TxAction;
  completes: boolean;
  /** Read again right before this step is handed to the wallet (after earlier steps were mined); words stop the plan. */
  recheck?: () => Promise<string | null>;
}

export type PlannedWrite = PreparedWrite & { part?: PlanPart };

/** Where a running plan is: which step of how many, and that step's lifecycle state. */
interface PlanProgress {
  index: number;
  total: number;
  write: PlannedWrite;
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
  /**
   * The wallet sends atomic batches (batch.ts): a plan of more than one step goes as one batch, one
   * prompt, reported as the single step 1 of 1 under the action's name.
   */
  batch?: BatchTarget;
}

/** Runs every step of `plan` in order through the one lifecycle; resolves with the last receipt. */
export async function runPlan(plan: TxPlan, options: PlanOptions = {}): Promise<TransactionReceipt> {
  const action = plan.at(-1);
  if (options.batch && action && plan.length > 1) {
    if (options.signal?.aborted) throw new AppError('unknown', 'The action was left before its next step.');
    await options.beforeStep?.(0, 1);
    return runBatch(plan, options.batch, {
      isStopped: () => options.signal?.aborted === true,
      onState: (state) => {
        options.onState?.(state);
        options.onProgress?.({ index: 0, total: 1, write: action, state });
      },
    });
  }
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
