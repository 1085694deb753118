import type { Address } from '@/config/env';
import { pairedArrays, selectorOf, type CallInput, type CallInputReader } from '@/lib/chain/history/call-inputs';
import {
  decodeAll,
  decodeClaimed,
  decodeStakeEvent,
  newestFirst,
  type ClaimEvent,
  type EventPlace,
  type StakeEvent,
} from '@/lib/chain/history/events';
import type { ChainLog, HistoryReader } from '@/lib/chain/history/log-reader';
import { sameAddress } from '@/lib/format/address';

/**
 * An account's staking rewards from the chain (TerraStaking.sol, deployed-system.md §C9.2).
 *
 * Every reward is paid by `_payout` and announced by exactly one `Claimed(owner, amount)`: `claimRewards` emits it
 * always, `_unstakeMany` emits it (for the claim inside the unstake) whenever it paid anything. The Natura
 * `Transfer` (owner → staker) in the same transaction is that same payment, so it is never added: the total earned
 * is the sum of the account's `Claimed` amounts, each counted once.
 *
 * Which NFTs a payout was for: `Claimed` does not say. In an unstake, the `NFTUnstaked` events of the same
 * transaction name them; in a claim, the call data of a direct `claimRewards(_pids, _tokenIds)` call does. A claim
 * made through another contract has no NFTs shown.
 */

/** `claimRewards(uint256[],uint24[])`. */
export const CLAIM_CALL_SELECTOR = '0x45ff2d10';

export interface ClaimedNft {
  /** The pool's collection when the event named it; from a claim's call data only the pool id is known. */
  collection: Address | null;
  pid: number | null;
  tokenId: bigint;
}

export interface ClaimRecord extends EventPlace {
  /** Natura base units (18 decimals). */
  amount: bigint;
  via: 'claim' | 'unstake';
  nfts: ClaimedNft[];
  time: number | null;
}

export interface ClaimHistory {
  /** Newest first. */
  claims: ClaimRecord[];
  /** Natura base units earned so far: the sum of every claim, unstake payouts included, each once. */
  total: bigint;
}

/** The account's payouts from the staking contract's logs, in chain order; `inputs` by transaction hash. */
export function buildClaims(
  stakingLogs: readonly ChainLog[],
  account: Address,
  staking: Address,
  inputs: ReadonlyMap<string, CallInput | null>,
): ClaimRecord[] {
  const unstakes = new Map<string, StakeEvent[]>();
  for (const event of decodeAll(stakingLogs, decodeStakeEvent)) {
    if (event.kind !== 'unstaked' || !sameAddress(event.owner, account)) continue;
    unstakes.set(event.transactionHash, [...(unstakes.get(event.transactionHash) ?? []), event]);
  }
  return accountClaims(stakingLogs, account).map((claim: ClaimEvent): ClaimRecord => {
    const place = { blockNumber: claim.blockNumber, logIndex: claim.logIndex, transactionHash: claim.transactionHash };
    const unstaked = unstakes.get(claim.transactionHash);
    if (unstaked) {
      const nfts = unstaked.map((event) => ({ collection: event.collection, pid: null, tokenId: event.tokenId }));
      return { ...place, amount: claim.amount, via: 'unstake', nfts, time: null };
    }
    const input = inputs.get(claim.transactionHash) ?? null;
    const direct = input && sameAddress(input.to, staking) && selectorOf(input.data) === CLAIM_CALL_SELECTOR;
    const pairs = direct ? (pairedArrays(input.data) ?? []) : [];
    const nfts = pairs.map((pair) => ({ collection: null, pid: pair.pid, tokenId: pair.tokenId }));
    return { ...place, amount: claim.amount, via: 'claim', nfts, time: null };
  });
}

function accountClaims(stakingLogs: readonly ChainLog[], account: Address): ClaimEvent[] {
  return decodeAll(stakingLogs, decodeClaimed).filter((claim) => sameAddress(claim.owner, account));
}

export const totalEarned = (claims: readonly Pick<ClaimRecord, 'amount'>[]) =>
  claims.reduce((sum, claim) => sum + claim.amount, 0n);

export async function readClaimHistory(
  reader: HistoryReader,
  readCall: CallInputReader,
  staking: Address,
  account: Address,
): Promise<ClaimHistory> {
  const logs = await reader.contractLogs(staking);
  const unstakeTxs = new Set(
    decodeAll(logs, decodeStakeEvent)
      .filter((event) => event.kind === 'unstaked')
      .map((event) => event.transactionHash),
  );
  const claimTxs = accountClaims(logs, account)
    .map((claim) => claim.transactionHash)
    .filter((hash) => !unstakeTxs.has(hash));
  const [inputs, times] = await Promise.all([
    Promise.all(claimTxs.map(async (hash) => [hash, await readCall(hash)] as const)),
    reader.blockTimes(accountClaims(logs, account).map((claim) => claim.blockNumber)),
  ]);
  const claims = buildClaims(logs, account, staking, new Map(inputs))
    .map((claim) => ({ ...claim, time: times.get(claim.blockNumber) ?? null }))
    .sort(newestFirst);
  return { claims, total: totalEarned(claims) };
}

const YEAR_DAYS = 365n;
const NATURA_UNIT = 10n ** 18n;

/**
 * A pool's reward rate as a yearly percentage of its cost, at today's Natura price — an estimate: the daily reward
 * is recomputed from the live price at every claim (§C9.2). In hundredths of a percent, rounded down:
 * rewardsPerDay (NAT wei) × 365 × price (USDT base units per NAT) ÷ 10^18 = USDT base units a year, ÷ cost × 10 000.
 * Null when the cost is zero.
 */
export function yearlyRateHundredths(rewardsPerDay: bigint, cost: bigint, naturaPrice: bigint): bigint | null {
  if (cost <= 0n) return null;
  return (rewardsPerDay * YEAR_DAYS * naturaPrice * 10_000n) / (NATURA_UNIT * cost);
}
