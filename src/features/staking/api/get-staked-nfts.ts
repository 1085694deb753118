import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JsonRpcProvider } from 'ethers';
import { getConfig, type Address, type StakingPool } from '@/config/env';
import { getCollectionName } from '@/lib/chain/contracts/nft-collection';
import { getRewardsPerDay, getVaultEntry } from '@/lib/chain/contracts/staking';
import { getUserStakedTokens } from '@/lib/chain/contracts/staking-helper';
import { orNull } from '@/lib/chain/or-null';
import { getReadProvider } from '@/lib/chain/provider';
import { queryKeys } from '@/lib/query/keys';

/** One staked NFT as the chain tells it (contracts.md §5.6). */
export interface StakedPosition {
  pid: number;
  /** The pool's NFT contract. */
  contract: Address;
  tokenId: bigint;
  /** `vault.timestamp`: unix seconds rewards accrue from (a claim moves it on by the days paid). */
  stakedAt: bigint;
  /** Natura wei per day for this pool. */
  rewardsPerDay: bigint;
  /** The pool contract's `name()`, so a token without metadata still reads "name#id". */
  collectionName: string | null;
}

export interface StakedNfts {
  positions: StakedPosition[];
  /**
   * The latest block's timestamp (unix seconds) and the browser time it was read at (ms): rewards
   * accrue by block time, so the timer and the totals run on chain time (a dev chain can be moved
   * days ahead of the wall clock).
   */
  chainTime: number;
  readAt: number;
}

/**
 * The latest block's timestamp (unix seconds), read raw so that only the timestamp matters
 * (block formats differ between nodes); batched with whatever else is read in the same tick.
 */
export async function getChainTime(runner: JsonRpcProvider = getReadProvider()): Promise<number> {
  const block = (await runner.send('eth_getBlockByNumber', ['latest', false])) as { timestamp?: string } | null;
  return block?.timestamp ? Number(BigInt(block.timestamp)) : Math.floor(Date.now() / 1000);
}

/**
 * The MY STAKED list in two rounds of reads, each issued in one tick so that ethers'
 * JsonRpcProvider sends it as ONE JSON-RPC batch (the previous front end made 1 + 2N calls):
 *   1. per pool: the helper's `getUserStakedTokens`, `getRewardsPerDay`, the contract's `name()`,
 *      plus the latest block (chain time) — a fixed 3 × 4 + 1 calls;
 *   2. `vault(pid, tokenId)` of every staked token.
 * Two HTTP requests whatever N is (up to the provider's 100 calls per batch, i.e. ~100 staked NFTs
 * per request), and plain JSON-RPC batching works against any node, public Polygon RPCs included,
 * without relying on a multicall contract being deployed.
 */
export async function getStakedNfts(
  account: Address,
  runner: JsonRpcProvider = getReadProvider(),
  config: { staking: Address; stakingHelper: Address; pools: readonly StakingPool[] } = {
    staking: getConfig().addresses.staking,
    stakingHelper: getConfig().addresses.stakingHelper,
    pools: getConfig().stakingPools,
  },
): Promise<StakedNfts> {
  const { pools } = config;
  const [ids, rates, names, chainNow] = await Promise.all([
    Promise.all(pools.map((pool) => getUserStakedTokens(runner, config.stakingHelper, pool.pid, account))),
    Promise.all(pools.map((pool) => getRewardsPerDay(runner, config.staking, pool.pid))),
    Promise.all(pools.map((pool) => orNull(getCollectionName(runner, pool.address)))),
    getChainTime(runner),
  ]);
  const staked = pools.flatMap((pool, index) => (ids[index] ?? []).map((tokenId) => ({ pool, index, tokenId })));
  const vaults = await Promise.all(
    staked.map(({ pool, tokenId }) => getVaultEntry(runner, config.staking, pool.pid, tokenId)),
  );
  return {
    chainTime: chainNow,
    readAt: Date.now(),
    positions: staked.map(({ pool, index, tokenId }, position) => ({
      pid: pool.pid,
      contract: pool.address,
      tokenId,
      stakedAt: vaults[position]?.timestamp ?? 0n,
      rewardsPerDay: rates[index] ?? 0n,
      collectionName: names[index] ?? null,
    })),
  };
}

function stakedNftsQueryOptions(account: Address | null) {
  return queryOptions({
    queryKey: queryKeys.chain.staking(account ?? ''),
    queryFn: () => getStakedNfts(account as Address),
    enabled: Boolean(account),
    staleTime: 15_000,
  });
}

export function useStakedNfts(account: Address | null) {
  return useQuery(stakedNftsQueryOptions(account));
}
