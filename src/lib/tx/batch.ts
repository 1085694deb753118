import type { Signer, TransactionReceipt } from 'ethers';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import { AppError } from '@/lib/errors/app-error';
import { isRecord } from '@/lib/tx/persisted-list';
import {
  classifyTxError,
  reasonOfMinedRevert,
  revertedError,
  STOPPED_WAITING,
  type TxOptions,
  type TxState,
} from '@/lib/tx/transaction';

/**
 * One confirmation where the wallet can (EIP-5792): a plan's approval and action sent together as
 * one atomic `wallet_sendCalls`, followed with `wallet_getCallsStatus`. It is a way of running a
 * plan (plan.ts hands a plan here when the wallet said it can), not a second lifecycle: the same
 * states are reported, the same errors classified, a revert decoded by the same replay.
 */

/** What the batch path asks of the wallet: a raw JSON-RPC request (ethers' BrowserProvider `send`). */
export interface WalletRpc {
  send(method: string, params: unknown[]): Promise<unknown>;
}

/** The wallet behind `signer`, when it can be asked raw requests (a browser wallet's signer). */
export function walletRpcOf(signer: Signer | null): WalletRpc | null {
  const provider: unknown = signer?.provider;
  return isRecord(provider) && typeof provider.send === 'function' ? (provider as unknown as WalletRpc) : null;
}

const chainHex = (chainId: number) => `0x${chainId.toString(16)}`;

/**
 * Whether the wallet's `wallet_getCapabilities` answer says atomic batches work on `chainId`:
 * `atomic.status` "supported" or "ready" (ready: the wallet upgrades the account on first use). The
 * spec's "0x0" key stands for every chain; `atomicBatch.supported` is the draft before 2.0.0.
 */
export function atomicSupported(answer: unknown, chainId: number): boolean {
  if (!isRecord(answer)) return false;
  const entries = Object.entries(answer).filter(([key]) => /^0x[0-9a-f]+$/i.test(key));
  const forChain = entries.find(([key]) => Number(key) === chainId)?.[1] ?? answer['0x0'];
  if (!isRecord(forChain)) return false;
  const { atomic, atomicBatch } = forChain;
  if (isRecord(atomic)) return atomic.status === 'supported' || atomic.status === 'ready';
  return isRecord(atomicBatch) && atomicBatch.supported === true;
}

/** Asked once per account and chain for the page's life: the answer does not change within a session. */
const capabilities = new Map<string, Promise<boolean>>();

/**
 * Whether `account`'s wallet sends atomic batches on `chainId`. A wallet without
 * `wallet_getCapabilities` (4200, -32601), any other error or an answer without `atomic` means no:
 * the plan runs step by step as before.
 */
export function canBatch(wallet: WalletRpc, account: string, chainId: number): Promise<boolean> {
  const key = `${account.toLowerCase()}:${chainId}`;
  let known = capabilities.get(key);
  if (!known) {
    known = wallet.send('wallet_getCapabilities', [account, [chainHex(chainId)]]).then(
      (answer) => atomicSupported(answer, chainId),
      () => false,
    );
    capabilities.set(key, known);
  }
  return known;
}

/** A receipt as `wallet_getCallsStatus` reports it (plain JSON, quantities in hex). */
interface BatchReceipt {
  transactionHash: string;
  blockNumber: number;
  success: boolean;
}

/** How a batch stands: still waiting, mined (every call succeeded), reverted on chain, or never sent (offchain failure). */
export type BatchOutcome =
  | { kind: 'pending' }
  | { kind: 'confirmed'; receipts: BatchReceipt[] }
  | { kind: 'reverted'; receipts: BatchReceipt[] }
  | { kind: 'failed' };

function receiptsOf(value: unknown): BatchReceipt[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((receipt) => {
    const { transactionHash, blockNumber, status } = receipt;
    if (typeof transactionHash !== 'string') return [];
    return [
      {
        transactionHash,
        blockNumber: Number(blockNumber ?? 0),
        success: status === '0x1' || status === 1 || status === 'success',
      },
    ];
  });
}

/**
 * A `wallet_getCallsStatus` answer read: 1xx pending, 2xx confirmed, 4xx offchain failure (nothing
 * mined), 5xx reverted (600: partly — an atomic batch reverts whole). A confirmation whose receipts
 * say a call failed is a revert. The draft's "PENDING" / "CONFIRMED" strings are read too.
 */
export function batchOutcomeOf(answer: unknown): BatchOutcome {
  if (!isRecord(answer))
    throw new AppError('invalid-response', 'The wallet answered the batch status without a status.');
  const receipts = receiptsOf(answer.receipts);
  const code =
    answer.status === 'PENDING' ? 100 : answer.status === 'CONFIRMED' ? 200 : Number(answer.status ?? Number.NaN);
  if (code >= 100 && code < 200) return { kind: 'pending' };
  if (code >= 200 && code < 300) {
    return receipts.length > 0 && receipts.every((receipt) => receipt.success)
      ? { kind: 'confirmed', receipts }
      : { kind: 'reverted', receipts };
  }
  if (code >= 400 && code < 500) return { kind: 'failed' };
  if (code >= 500 && code < 700) return { kind: 'reverted', receipts };
  throw new AppError('invalid-response', `The wallet answered the batch status with "${String(answer.status)}".`);
}

/** The first look at a sent batch, then longer and longer gaps (a batch is at least a block away). */
const FIRST_LOOK_MS = 500;
const LONGEST_GAP_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the wallet how batch `id` stands until it ends (or `isStopped`), with backoff. Null when
 * stopped. A failed ask throws: the screen says it may still confirm and the watcher takes it over.
 */
export async function followBatch(
  wallet: WalletRpc,
  id: string,
  isStopped: () => boolean,
  firstLookMs = FIRST_LOOK_MS,
): Promise<Exclude<BatchOutcome, { kind: 'pending' }> | null> {
  let gap = firstLookMs;
  while (!isStopped()) {
    const outcome = batchOutcomeOf(await wallet.send('wallet_getCallsStatus', [id]));
    if (outcome.kind !== 'pending') return outcome;
    await sleep(gap);
    gap = Math.min(gap * 2, LONGEST_GAP_MS);
  }
  return null;
}

/** Where a batch goes: the wallet, the chain and account it sends from, and how a mined hash becomes a receipt. */
export interface BatchTarget {
  wallet: WalletRpc;
  chainId: number;
  from: string;
  receiptOf: (hash: string) => Promise<TransactionReceipt | null>;
}

/** The wallet accepted the batch but could not send it (status 4xx): nothing happened on chain. */
export const BATCH_NOT_SENT = 'batch-not-sent';

/**
 * Runs every step of `plan` as one atomic wallet batch and resolves with the last call's receipt
 * (the action's). States are reported under the action's step: preparing → awaiting-wallet →
 * pending (`hash` is the batch id, `batch`) → confirmed | reverted | rejected | failed.
 */
export async function runBatch(plan: readonly PreparedWrite[], target: BatchTarget, options: TxOptions = {}) {
  const report = (state: TxState) => options.onState?.(state);
  const action = plan.at(-1);
  if (!action) throw new Error('runBatch: the plan has no step');
  const { step } = action;
  const fail = (error: unknown, id?: string): AppError => {
    const state = classifyTxError(error, step);
    report(state.status === 'failed' && id ? { ...state, hash: id, batch: true } : state);
    return state.error;
  };

  report({ status: 'preparing', step });
  let calls;
  try {
    // Only the first call can be estimated now (the action relies on the approval before it): a
    // would-revert approval is told without a prompt, as a step would be.
    await plan[0]?.estimateGas();
    calls = await Promise.all(plan.map((write) => write.call()));
  } catch (error) {
    throw fail(error);
  }

  // No fee figure: the wallet prices the batch as a whole and shows it in its prompt.
  report({ status: 'awaiting-wallet', step, fee: undefined });
  let id: string;
  try {
    const answer = await target.wallet.send('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: chainHex(target.chainId),
        from: target.from,
        atomicRequired: true,
        calls: calls.map((call) => ({ to: call.to, data: call.data, value: `0x${call.value.toString(16)}` })),
      },
    ]);
    const sentId = typeof answer === 'string' ? answer : isRecord(answer) ? answer.id : undefined;
    if (typeof sentId !== 'string' || sentId === '') {
      throw new AppError('invalid-response', 'The wallet did not say which batch it sent.');
    }
    id = sentId;
  } catch (error) {
    throw fail(error);
  }

  report({ status: 'pending', step, hash: id, batch: true });
  let outcome: Awaited<ReturnType<typeof followBatch>>;
  try {
    outcome = await followBatch(target.wallet, id, options.isStopped ?? (() => false));
  } catch (error) {
    throw fail(error, id);
  }
  if (!outcome) {
    const error = new AppError('unknown', STOPPED_WAITING);
    report({ status: 'failed', step, error, hash: id, batch: true });
    throw error;
  }
  if (outcome.kind === 'failed') {
    const error = new AppError('unknown', 'The wallet could not send the batch: nothing was done on chain.', {
      reason: BATCH_NOT_SENT,
    });
    report({ status: 'failed', step, error });
    throw error;
  }
  if (outcome.kind === 'reverted') {
    // One receipt per call (the wallet sent them one by one) names the call that failed; one
    // receipt for all (an EIP-7702 account) is the action's, which the approval serves.
    const { receipts } = outcome;
    const failed = receipts.findIndex((receipt) => !receipt.success);
    const index = receipts.length === plan.length && failed >= 0 ? failed : plan.length - 1;
    const receipt = receipts[failed >= 0 ? failed : receipts.length - 1];
    const write = plan[index] ?? action;
    const reason = receipt ? await reasonOfMinedRevert(write, receipt) : undefined;
    const error = revertedError(write.step, reason, undefined);
    report({ status: 'reverted', step, reason, error, ...(receipt ? { hash: receipt.transactionHash } : {}) });
    throw error;
  }
  const mined = outcome.receipts.at(-1);
  const receipt = mined ? await target.receiptOf(mined.transactionHash) : null;
  if (!receipt) {
    const error = new AppError('network', 'The receipt of the confirmed batch could not be read.');
    report({ status: 'failed', step, error, hash: id, batch: true });
    throw error;
  }
  report({ status: 'confirmed', step, receipt });
  return receipt;
}
