import { isError, type ContractTransactionResponse, type TransactionReceipt } from 'ethers';
import type { PreparedWrite } from '@/lib/chain/contract-call';

/** A step's label key: the write's `step` (see contract-call.ts). */
type StepName = string;
import { waitForOutcome, type ChainOutcome, type SentTransaction } from '@/lib/tx/receipt';
import { decodeRevert, fieldOf } from '@/lib/tx/revert-reason';
import { AppError, toAppError } from '@/lib/errors/app-error';

/**
 * THE transaction lifecycle: every write in the app goes through `runTransaction`.
 *
 *   idle → preparing (gas estimate) → awaiting-wallet → pending(hash) → confirmed(receipt)
 *                     ↘ reverted(reason)        ↘ rejected      ↘ reverted(reason)
 *                                                               ↘ replaced(cancelled | dropped)
 *   any step → failed(error) when the node or wallet cannot be reached.
 *
 * A pending transaction is followed by its sender and nonce: sped up in the wallet, it confirms
 * with the replacement's receipt (`spedUpFrom` names the first hash); cancelled in the wallet or
 * pushed out by an unrelated transaction of the same nonce, it ends `replaced`.
 *
 * Gas is estimated before the wallet is asked, so a call that would revert is reported with its
 * decoded reason without a pointless signature prompt. Rejection in the wallet (EIP-1193 code
 * 4001 / ethers ACTION_REJECTED) is the user's choice, not a failure: screens show no error for it.
 */

export type TxState =
  | { status: 'idle' }
  | { status: 'preparing'; step: StepName }
  /** `fee`: the network fee estimate in wei of the native currency; null when it could not be estimated. */
  | { status: 'awaiting-wallet'; step: StepName; fee?: bigint | null }
  /**
   * `sent`: sender, nonce and call, known once the node has the transaction. `batch`: `hash` is the
   * id of a wallet batch (EIP-5792), not a transaction hash.
   */
  | { status: 'pending'; step: StepName; hash: string; sent?: SentTransaction; batch?: true }
  /** `spedUpFrom`: the hash first sent, when the wallet sped it up and `receipt` is the replacement's. */
  | { status: 'confirmed'; step: StepName; receipt: TransactionReceipt; spedUpFrom?: string }
  /** Its nonce was taken by another transaction: a cancel in the wallet, or something unrelated (dropped). */
  | { status: 'replaced'; step: StepName; hash: string; replacement: string; reason: 'cancelled' | 'replaced' }
  | { status: 'reverted'; step: StepName; reason: string | undefined; error: AppError; hash?: string }
  | { status: 'rejected'; step: StepName; error: AppError }
  | { status: 'failed'; step: StepName | undefined; error: AppError; hash?: string; batch?: true };

type TxStateListener = (state: TxState) => void;

export interface TxOptions {
  onState?: TxStateListener;
  /** Stops waiting for a sent transaction (the screen is gone, or the user keeps waiting in the background). */
  isStopped?: () => boolean;
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

export function revertedError(step: StepName | undefined, reason: string | undefined, cause: unknown): AppError {
  const what = step ? `The ${step} transaction` : 'The transaction';
  return new AppError('reverted', reason ? `${what} reverted: ${reason}` : `${what} reverted.`, { reason, cause });
}

/** Classifies a thrown error into the terminal state it means. */
export function classifyTxError(
  error: unknown,
  step: StepName | undefined,
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

export async function reasonOfMinedRevert(
  write: PreparedWrite,
  receipt: { blockNumber: number },
): Promise<string | undefined> {
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

/** How often the lifecycle asks the node about a pending transaction. */
const RECEIPT_POLL_MS = 1000;

/** What the app keeps of a sent transaction to follow it by nonce (see receipt.ts). */
function sentOf(response: ContractTransactionResponse): SentTransaction {
  return {
    hash: response.hash,
    from: response.from,
    nonce: response.nonce,
    to: response.to,
    data: response.data,
    value: response.value.toString(),
  };
}

/**
 * How a sent transaction ends, asked of the node directly every RECEIPT_POLL_MS (not ethers'
 * `wait()`: after its first looks it re-checks only when a *new* block arrives, so on a chain that
 * mines on demand a block mined in that gap is never seen). A failed ask ends the wait: the
 * screen says the transaction may still confirm and the background watcher takes it over.
 */
function waitForChain(response: ContractTransactionResponse, isStopped: () => boolean): Promise<ChainOutcome | null> {
  return waitForOutcome(response.provider, sentOf(response), {
    intervalMs: RECEIPT_POLL_MS,
    isStopped,
    failOnError: true,
  });
}

/** The wait for a sent transaction was stopped on purpose (screen gone, or kept waiting in the background). */
export const STOPPED_WAITING = 'Stopped waiting for the transaction: it is followed in the background.';

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

  report({ status: 'pending', step, hash: response.hash, sent: sentOf(response) });
  let outcome: ChainOutcome | null;
  try {
    outcome = await waitForChain(response, options.isStopped ?? (() => false));
  } catch (error) {
    throw fail(error, response.hash);
  }
  if (!outcome) {
    const error = new AppError('unknown', STOPPED_WAITING);
    report({ status: 'failed', step, error, hash: response.hash });
    throw error;
  }
  if (outcome.kind === 'cancelled' || outcome.kind === 'replaced') {
    const reason = outcome.kind;
    const error = new AppError(
      'replaced',
      reason === 'cancelled'
        ? `The ${step} transaction was cancelled in the wallet.`
        : `The ${step} transaction was dropped: another transaction took its place.`,
      { reason },
    );
    report({ status: 'replaced', step, hash: response.hash, replacement: outcome.replacement, reason });
    throw error;
  }
  const { receipt } = outcome;
  const spedUpFrom = outcome.kind === 'repriced' ? response.hash : undefined;
  if (receipt.status !== 1) {
    const reason = await reasonOfMinedRevert(write, receipt);
    const appError = revertedError(step, reason, undefined);
    report({ status: 'reverted', step, reason, error: appError, hash: receipt.hash });
    throw appError;
  }
  report(spedUpFrom ? { status: 'confirmed', step, receipt, spedUpFrom } : { status: 'confirmed', step, receipt });
  return receipt;
}
