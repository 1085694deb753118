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

/**
 * What the app remembers of a sent transaction to recognise its fate even when another
 * transaction takes its place: the sender and nonce, and the call itself (a wallet's speed-up
 * repeats it at a higher fee, a cancel is a 0-value transfer to the sender itself).
 */
export interface SentTransaction {
  hash: string;
  from: string;
  nonce: number;
  to: string | null;
  data: string;
  /** Wei, as a decimal string (it is stored as JSON). */
  value: string;
}

/**
 * How a sent transaction ended up on chain:
 * - `mined`: this very hash is in a block (its receipt may still say reverted);
 * - `repriced`: the wallet sped it up, the same call under a new hash was mined instead;
 * - `cancelled`: the wallet cancelled it, a 0-value transfer to the sender took its nonce;
 * - `replaced`: something unrelated from the same sender took its nonce (it is dropped).
 */
export type ChainOutcome =
  | { kind: 'mined'; receipt: TransactionReceipt }
  | { kind: 'repriced' | 'cancelled' | 'replaced'; replacement: string; receipt: TransactionReceipt };

type NonceProvider = Pick<
  Provider,
  'getTransactionReceipt' | 'getTransactionCount' | 'getBlockNumber' | 'getBlock' | 'getTransaction'
>;

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** Why `found` (a mined transaction with the same sender and nonce) took the place of `sent`. */
export function replacementReason(
  sent: Pick<SentTransaction, 'from' | 'to' | 'data' | 'value'>,
  found: { to: string | null; data: string; value: bigint },
): 'repriced' | 'cancelled' | 'replaced' {
  if (
    found.data.toLowerCase() === sent.data.toLowerCase() &&
    (found.to === sent.to || sameAddress(found.to, sent.to)) &&
    found.value === BigInt(sent.value)
  ) {
    return 'repriced';
  }
  if (found.data === '0x' && sameAddress(found.to, sent.from) && found.value === 0n) return 'cancelled';
  return 'replaced';
}

/**
 * The first block in which `from` had sent more than `nonce` transactions: back from the latest
 * block in growing strides until the count is still low, then halving the gap. About 2·log2(n)
 * reads for a transaction n blocks old.
 */
async function blockThatUsedNonce(provider: NonceProvider, from: string, nonce: number): Promise<number> {
  let high = await provider.getBlockNumber();
  let stride = 1;
  let low = -1;
  for (;;) {
    const probe = high - stride;
    if (probe < 0) break;
    if ((await provider.getTransactionCount(from, probe)) <= nonce) {
      low = probe;
      break;
    }
    high = probe;
    stride *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if ((await provider.getTransactionCount(from, middle)) > nonce) high = middle;
    else low = middle;
  }
  return high;
}

/** The mined transaction of `from` with `nonce`, once the chain's count says it was used; else null. */
async function findNonceUser(provider: NonceProvider, sent: SentTransaction): Promise<ChainOutcome | null> {
  const blockNumber = await blockThatUsedNonce(provider, sent.from, sent.nonce);
  const block = await provider.getBlock(blockNumber, true);
  const found = block?.prefetchedTransactions.find(
    (candidate) => sameAddress(candidate.from, sent.from) && candidate.nonce === sent.nonce,
  );
  if (!found) return null;
  const receipt = await provider.getTransactionReceipt(found.hash);
  if (!receipt) return null;
  if (found.hash.toLowerCase() === sent.hash.toLowerCase()) return { kind: 'mined', receipt };
  return { kind: replacementReason(sent, found), replacement: found.hash, receipt };
}

export interface WaitOutcomeOptions extends PollReceiptOptions {
  /** A failed receipt ask ends the wait with that error instead of counting as "not yet". */
  failOnError?: boolean;
}

/**
 * Waits until `sent` or another transaction with its sender and nonce is mined, and says which
 * (null when the time is up or the caller stops). Each round asks for the receipt of `sent`, then
 * the sender's mined transaction count: a count past the nonce without a receipt means another
 * transaction took the nonce, found by its block. A wallet's speed-up or cancel is recognised in
 * the tab that sent the transaction and after a reload alike.
 */
export async function waitForOutcome(
  provider: NonceProvider,
  sent: SentTransaction,
  { intervalMs, timeoutMs = Infinity, isStopped = () => false, failOnError = false }: WaitOutcomeOptions,
): Promise<ChainOutcome | null> {
  const until = Date.now() + timeoutMs;
  const ask = async <T>(read: () => Promise<T>): Promise<T | undefined> => read().catch(() => undefined);
  while (!isStopped()) {
    const receipt = await (failOnError
      ? provider.getTransactionReceipt(sent.hash)
      : ask(() => provider.getTransactionReceipt(sent.hash)));
    if (receipt) return { kind: 'mined', receipt };
    // The nonce look is a second opinion: a node that cannot answer it now is asked again next round.
    const used = await ask(() => provider.getTransactionCount(sent.from, 'latest'));
    if (used !== undefined && used > sent.nonce) {
      const outcome = await ask(() => findNonceUser(provider, sent));
      if (outcome) return outcome;
    }
    if (Date.now() >= until) return null;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
