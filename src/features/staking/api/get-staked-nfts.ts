import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JsonRpcProvider } from 'ethers';
import { getConfig, type Address, type StakingPool } from '@/config/env';
import { getCollectionName, getWalletOfOwner } from '@/lib/chain/contracts/nft-collection';
import { getPoolInfo, getRewardsPerDay, getVaultEntry } from '@/lib/chain/contracts/staking';
import { getUserStakedTokens } from '@/lib/chain/contracts/staking-helper';
import { orNull } from '@/lib/chain/or-null';
import { getReadProvider } from '@/lib/chain/provider';
import { sameAddress } from '@/lib/format/address';
import { queryKeys } from '@/lib/query/keys';

/** One staked NFT as the chain tells it (deployed-system.md §C5.6). */
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
  /** Pools whose staked NFTs could not be read (the others are still listed). */
  failedPools: { pid: number; name: string | null }[];
  /**
   * The latest block's timestamp (unix seconds) and the browser time it was read at (ms): rewards
   * accrue by block time, so the timer and the totals run on chain time (a dev chain can be moved
   * days ahead of the wall clock).
   */
  chainTime: number;
  readAt: number;
}

/** Settles a read without throwing, so one pool's failure stays that pool's. */
async function settle<T>(read: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    return { ok: false, error };
  }
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
 *   1. per pool, each call on its own: the helper's `getUserStakedTokens` (with an explicit gas
 *      limit), `getRewardsPerDay`, the contract's `name()`, `poolInfo` (its totalSupply) and the
 *      staking contract's holdings in the pool (`walletOfOwner(staking)`), plus the latest block —
 *      a fixed 5 × 4 + 1 calls;
 *   2. `vault(pid, tokenId)` of every token to look at: the helper's ids, the staking contract's
 *      holdings above the pool's totalSupply (deployed-system.md §C9.2: the helper never returns those),
 *      and — for a pool whose helper call failed (gas cap, large pool) — all its holdings, kept
 *      when the vault names the account.
 * Two HTTP requests whatever N is (up to the provider's 100 calls per batch), against any node,
 * without a multicall contract. A pool whose reads fail is reported in `failedPools`; the others
 * are still listed. Only when every pool fails does the read fail.
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
  const { pools, staking } = config;
  const [ids, rates, names, infos, held, chainNow] = await Promise.all([
    Promise.all(pools.map((pool) => settle(getUserStakedTokens(runner, config.stakingHelper, pool.pid, account)))),
    Promise.all(pools.map((pool) => settle(getRewardsPerDay(runner, staking, pool.pid)))),
    Promise.all(pools.map((pool) => settle(orNull(getCollectionName(runner, pool.address))))),
    Promise.all(pools.map((pool) => settle(getPoolInfo(runner, staking, pool.pid)))),
    Promise.all(pools.map((pool) => settle(getWalletOfOwner(runner, pool.address, staking)))),
    settle(getChainTime(runner)),
  ]);

  // What to read from the vault, per pool; `check` = keep only when the vault names the account.
  const candidates = pools.map((pool, index) => {
    const helper = ids[index];
    const holdings = held[index];
    const info = infos[index];
    const supply = info?.ok ? info.value.totalSupply : null;
    if (helper?.ok) {
      const above = holdings?.ok && supply !== null ? holdings.value.filter((id) => id > supply) : [];
      return [
        ...helper.value.map((tokenId) => ({ pool, index, tokenId, check: false })),
        ...above.map((tokenId) => ({ pool, index, tokenId, check: true })),
      ];
    }
    return holdings?.ok ? holdings.value.map((tokenId) => ({ pool, index, tokenId, check: true })) : null;
  });
  const toRead = candidates.flatMap((list) => list ?? []);
  const vaults = await Promise.all(
    toRead.map(({ pool, tokenId }) => settle(getVaultEntry(runner, staking, pool.pid, tokenId))),
  );

  const failed = new Set<number>();
  pools.forEach((_, index) => {
    if (candidates[index] === null || !rates[index]?.ok) failed.add(index);
  });
  toRead.forEach(({ index }, position) => {
    if (!vaults[position]?.ok) failed.add(index);
  });
  if (failed.size === pools.length && pools.length > 0) {
    const first = [ids, rates, infos].flat().find((result) => !result.ok);
    throw first && !first.ok ? first.error : new Error('No staking pool could be read');
  }
  if (!chainNow.ok) throw chainNow.error;
  const nameOf = (index: number) => {
    const name = names[index];
    return name?.ok ? name.value : null;
  };
  const positions = toRead.flatMap(({ pool, index, tokenId, check }, position): StakedPosition[] => {
    const entry = vaults[position];
    const rate = rates[index];
    if (failed.has(index) || !entry?.ok || !rate?.ok) return [];
    if (check && !(entry.value.initialized && sameAddress(entry.value.owner, account))) return [];
    return [
      {
        pid: pool.pid,
        contract: pool.address,
        tokenId,
        stakedAt: entry.value.timestamp,
        rewardsPerDay: rate.value,
        collectionName: nameOf(index),
      },
    ];
  });
  return {
    chainTime: chainNow.value,
    readAt: Date.now(),
    positions,
    failedPools: [...failed].sort((x, y) => x - y).map((index) => ({ pid: pools[index]!.pid, name: nameOf(index) })),
  };
}

function stakedNftsQueryOptions(account: Address | null) {
  return queryOptions({
    queryKey: queryKeys.chain.staking(account ?? ''),
    queryFn: () => {
      if (!account) throw new Error('The staked NFTs are read for an account.');
      return getStakedNfts(account);
    },
    enabled: Boolean(account),
    staleTime: 15_000,
  });
}

export function useStakedNfts(account: Address | null) {
  return useQuery(stakedNftsQueryOptions(account));
}
