import { isCallException, isError, type ContractTransactionResponse, type TransactionReceipt } from 'ethers';
import type { PreparedWrite, TxStep } from '@/lib/chain/contract-call';
import { pollReceipt } from '@/lib/tx/receipt';
import { decodeRevert, fieldOf } from '@/lib/tx/revert-reason';
import { AppError, toAppError } from '@/lib/errors/app-error';

/**
 * THE transaction lifecycle: every write in the app goes through `runTransaction`.
 *
 *   idle → preparing (gas estimate) → awaiting-wallet → pending(hash) → confirmed(receipt)
 *                     ↘ reverted(reason)        ↘ rejected      ↘ reverted(reason)
 *   any step → failed(error) when the node or wallet cannot be reached.
 *
 * Gas is estimated before the wallet is asked, so a call that would revert is reported with its
 * decoded reason without a pointless signature prompt. Rejection in the wallet (EIP-1193 code
 * 4001 / ethers ACTION_REJECTED) is the user's choice, not a failure: screens show no error for it.
 */

export type TxState =
  | { status: 'idle' }
  | { status: 'preparing'; step: TxStep }
  /** `fee`: the network fee estimate in wei of the native currency; null when it could not be estimated. */
  | { status: 'awaiting-wallet'; step: TxStep; fee?: bigint | null }
  | { status: 'pending'; step: TxStep; hash: string }
  | { status: 'confirmed'; step: TxStep; receipt: TransactionReceipt }
  | { status: 'reverted'; step: TxStep; reason: string | undefined; error: AppError; hash?: string }
  | { status: 'rejected'; step: TxStep; error: AppError }
  | { status: 'failed'; step: TxStep | undefined; error: AppError; hash?: string };

type TxStateListener = (state: TxState) => void;

export interface TxOptions {
  onState?: TxStateListener;
}

/** Gas margin over the estimate: estimates are exact for the simulated state, which can move. */
const GAS_MARGIN_PERCENT = 120n;

function hasCode(value: unknown, code: number | string, depth = 0): boolean {
  if (depth > 5 || value === null || typeof value !== 'object') return false;
  if (fieldOf(value, 'code') === code) return true;
  return ['error', 'info', 'cause', 'data', 'originalError'].some((key) =>
    hasCode(fieldOf(value, key), code, depth + 1),
  );
}

/**
 * The node's or wallet's own messages. ethers' top-level message is skipped: it says "missing
 * revert data" for ANY failed eth_estimateGas / eth_call, an unreachable node included.
 */
function nodeMessages(error: unknown, depth = 0): string[] {
  if (depth > 5 || error === null || typeof error !== 'object') return [];
  const message = fieldOf(error, 'message');
  const own = typeof message === 'string' && !(depth === 0 && 'shortMessage' in error) ? [message] : [];
  return [
    ...own,
    ...['error', 'info', 'cause', 'data', 'originalError'].flatMap((key) =>
      nodeMessages(fieldOf(error, key), depth + 1),
    ),
  ];
}

/**
 * The wallet's "user rejected the request": 4001 at any nesting depth, ethers' ACTION_REJECTED, or
 * (WalletConnect wallets use their own codes) a message saying the user rejected or denied it.
 */
function isUserRejection(error: unknown): boolean {
  return (
    hasCode(error, 4001) ||
    hasCode(error, 'ACTION_REJECTED') ||
    nodeMessages(error).some((message) => /user (rejected|denied|cancell?ed)/i.test(message))
  );
}

/** A revert is only what the chain says is one: decodable revert data or a "revert" message. */
function looksLikeRevert(error: unknown): boolean {
  return decodeRevert(error) !== null || nodeMessages(error).some((message) => /revert/i.test(message));
}

function revertedError(step: TxStep | undefined, reason: string | undefined, cause: unknown): AppError {
  const what = step ? `The ${step} transaction` : 'The transaction';
  return new AppError('reverted', reason ? `${what} reverted: ${reason}` : `${what} reverted.`, { reason, cause });
}

/** Classifies a thrown error into the terminal state it means. */
export function classifyTxError(
  error: unknown,
  step: TxStep | undefined,
): Extract<TxState, { status: 'reverted' | 'rejected' | 'failed' }> {
  if (error instanceof AppError) {
    if (error.kind === 'wallet-rejected' && step) return { status: 'rejected', step, error };
    if (error.kind === 'reverted' && step) return { status: 'reverted', step, reason: error.details.reason, error };
    return { status: 'failed', step, error };
  }
  if (isUserRejection(error) && step) {
    return {
      status: 'rejected',
      step,
      error: new AppError('wallet-rejected', 'Request rejected in the wallet.', { cause: error }),
    };
  }
  if (looksLikeRevert(error) && step) {
    const reason = decodeRevert(error)?.reason;
    return { status: 'reverted', step, reason, error: revertedError(step, reason, error) };
  }
  return { status: 'failed', step, error: transportError(error) };
}

function transportError(error: unknown): AppError {
  if (isError(error, 'NETWORK_ERROR') || isError(error, 'TIMEOUT') || isError(error, 'SERVER_ERROR')) {
    return new AppError('network', 'The blockchain node could not be reached.', { cause: error });
  }
  return toAppError(error);
}

async function reasonOfMinedRevert(
  write: PreparedWrite,
  receipt: TransactionReceipt | null | undefined,
): Promise<string | undefined> {
  if (!receipt) return undefined;
  try {
    // Replaying on the parent block's state reproduces the failing call in most cases.
    await write.replay(receipt.blockNumber - 1);
  } catch (error) {
    return decodeRevert(error)?.reason;
  }
  return undefined;
}

/**
 * The network fee shown before the wallet prompt: gas limit × fee per gas. An estimate that fails
 * is null (the screen says so) and never blocks the write.
 */
async function estimateFee(write: PreparedWrite, gasLimit: bigint): Promise<bigint | null> {
  try {
    const perGas = await write.feePerGas?.();
    return perGas == null ? null : gasLimit * perGas;
  } catch {
    return null;
  }
}

/** How often the lifecycle asks for a pending transaction's receipt itself (see waitForReceipt). */
const RECEIPT_POLL_MS = 1000;

/**
 * The receipt of a sent transaction, from whichever answers first:
 * - ethers' `response.wait()`, which also follows a wallet's speed-up to the replacing
 *   transaction, but after its first looks only re-checks when a *new* block arrives. On a chain
 *   that mines on demand (anvil), a block mined in that gap is the last one for a while, and the
 *   wait hangs (seen in e2e: a stake that never confirmed).
 * - `pollReceipt` every RECEIPT_POLL_MS, starting one interval in (wait() has just looked).
 * Rejections of `wait()` (a mined revert, a replacement) still come through the race. After the
 * direct ask wins, ethers' listener ends by itself at the next block.
 */
async function waitForReceipt(response: ContractTransactionResponse): Promise<TransactionReceipt | null> {
  let done = false;
  const direct = async () => {
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
    return pollReceipt(response.provider, response.hash, { intervalMs: RECEIPT_POLL_MS, isStopped: () => done });
  };
  try {
    return await Promise.race([response.wait(), direct()]);
  } finally {
    done = true;
  }
}

/**
 * Runs one prepared write through the lifecycle and resolves with the successful receipt.
 * Rejects with an AppError (kind 'wallet-rejected', 'reverted', or a transport kind) after
 * reporting the matching terminal state.
 */
export async function runTransaction(write: PreparedWrite, options: TxOptions = {}): Promise<TransactionReceipt> {
  const report = (state: TxState) => options.onState?.(state);
  const { step } = write;
  const fail = (error: unknown, hash?: string): AppError => {
    const state = classifyTxError(error, step);
    // A transaction already sent may still be mined: keep its hash so the screen can link it.
    report(state.status === 'failed' && hash ? { ...state, hash } : state);
    return state.error;
  };

  report({ status: 'preparing', step });
  let gasLimit: bigint;
  try {
    gasLimit = ((await write.estimateGas()) * GAS_MARGIN_PERCENT) / 100n;
  } catch (error) {
    throw fail(error);
  }

  report({ status: 'awaiting-wallet', step, fee: await estimateFee(write, gasLimit) });
  let response: ContractTransactionResponse;
  try {
    response = await write.send(gasLimit);
  } catch (error) {
    throw fail(error);
  }

  report({ status: 'pending', step, hash: response.hash });
  let receipt: TransactionReceipt | null;
  try {
    receipt = await waitForReceipt(response);
  } catch (error) {
    if (isError(error, 'TRANSACTION_REPLACED') && error.reason === 'repriced' && error.receipt.status === 1) {
      // The wallet sped the transaction up: same call, new hash.
      receipt = error.receipt;
    } else if (isCallException(error)) {
      const reason = await reasonOfMinedRevert(write, error.receipt);
      const appError = revertedError(step, reason, error);
      report({ status: 'reverted', step, reason, error: appError, hash: response.hash });
      throw appError;
    } else {
      throw fail(error, response.hash);
    }
  }
  if (!receipt || receipt.status !== 1) {
    const reason = await reasonOfMinedRevert(write, receipt);
    const appError = revertedError(step, reason, undefined);
    report({ status: 'reverted', step, reason, error: appError, hash: response.hash });
    throw appError;
  }
  report({ status: 'confirmed', step, receipt });
  return receipt;
}
