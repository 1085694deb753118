import type { HistoryStore } from '@/lib/chain/history/history-store';

/**
 * What a mined transaction called: its target and call data. Events that carry no id (the swap's `SwapSuccess`,
 * the staking's `Claimed`) are tied to an order or to NFTs by the arguments the transaction passed. A mined
 * transaction never changes, so each is read once and kept in the history store.
 */
export interface CallInput {
  to: string | null;
  data: string;
}

export interface CallInputSource {
  getTransaction(hash: string): Promise<{ to: string | null; data: string } | null>;
}

export type CallInputReader = (hash: string) => Promise<CallInput | null>;

function createCallInputReader(source: CallInputSource, store: HistoryStore, chainId: number): CallInputReader {
  return async (hash) => {
    const key = `call:${chainId}:${hash.toLowerCase()}`;
    const known = await store.fact<CallInput>(key);
    if (known) return known;
    const tx = await source.getTransaction(hash);
    if (!tx) return null;
    const input = { to: tx.to, data: tx.data };
    await store.keepFact(key, input);
    return input;
  };
}

let shared: Promise<CallInputReader> | undefined;

/** The app's call-input reader: the read nodes (node-reads.ts, no provider code) and the history store. */
export function getCallInputReader(): Promise<CallInputReader> {
  shared ??= (async () => {
    const [{ getNodeReads }, { getConfig }, { openHistoryStore }] = await Promise.all([
      import('@/lib/chain/node-reads'),
      import('@/config/env'),
      import('@/lib/chain/history/history-store'),
    ]);
    return createCallInputReader(getNodeReads(), await openHistoryStore(), getConfig().chainId);
  })();
  return shared;
}

/** Tests: the next reader starts again. */
export function resetCallInputReader(): void {
  shared = undefined;
}

const WORD = 64;

/** The `index`-th 32-byte argument word after the 4-byte selector, as a bigint (null when missing). */
export function argumentWord(data: string, index: number): bigint | null {
  const hex = data.replace(/^0x/, '').slice(8);
  const start = index * WORD;
  return hex.length >= start + WORD ? BigInt(`0x${hex.slice(start, start + WORD)}`) : null;
}

export const selectorOf = (data: string) => data.slice(0, 10).toLowerCase();

/**
 * The two `uint` arrays of a `(uint256[], uint24[])` call (staking `claimRewards` / `_unstakeMany`): pids and
 * token ids, paired. Null when the data is not shaped so.
 */
export function pairedArrays(data: string): { pid: number; tokenId: bigint }[] | null {
  const words = (data.replace(/^0x/, '').length - 8) / WORD;
  const read = (offsetWord: number): bigint[] | null => {
    const offset = argumentWord(data, offsetWord);
    if (offset === null || offset % 32n !== 0n) return null;
    const at = Number(offset / 32n);
    const length = argumentWord(data, at);
    if (length === null || Number(length) + at + 1 > words) return null;
    return Array.from({ length: Number(length) }, (_, i) => argumentWord(data, at + 1 + i) ?? 0n);
  };
  const [pids, tokenIds] = [read(0), read(1)];
  if (!pids || !tokenIds || pids.length !== tokenIds.length) return null;
  return pids.map((pid, i) => ({ pid: Number(pid), tokenId: tokenIds[i] ?? 0n }));
}
