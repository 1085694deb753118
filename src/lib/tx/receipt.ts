import type { Provider, TransactionReceipt } from 'ethers';

export interface PollReceiptOptions {
  /** Time between two asks, in ms. */
  intervalMs: number;
  /** Gives up (null) after this long; no limit by default. */
  timeoutMs?: number;
  /** Gives up (null) as soon as this says so. */
  isStopped?: () => boolean;
}

/**
 * Asks the node for a transaction's receipt every `intervalMs` until it has one, the time is up
 * or the caller stops; a failed ask counts as "not yet". The one way the app waits for a receipt
 * by polling. Not ethers' `waitForTransaction` / `wait()` alone: after their first looks they
 * re-check only when a *new* block arrives, so on a chain that mines on demand (anvil) a block
 * mined in that gap is never seen and the wait hangs.
 */
export async function pollReceipt(
  provider: Provider,
  hash: string,
  { intervalMs, timeoutMs = Infinity, isStopped = () => false }: PollReceiptOptions,
): Promise<TransactionReceipt | null> {
  const until = Date.now() + timeoutMs;
  while (!isStopped()) {
    const receipt = await provider.getTransactionReceipt(hash).catch(() => null);
    if (receipt || Date.now() >= until) return receipt;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
