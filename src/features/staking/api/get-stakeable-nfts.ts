import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { queryKeys } from '@/lib/query/keys';

/** The staking page's indexer page size (deployed-system.md §I2.2, §P9). */
const STAKEABLE_PAGE_SIZE = 20;

/** A wallet NFT of one of the four pools, tagged with its pool id. */
export interface StakeableNft extends IndexedNft {
  pid: number;
}

export interface StakeablePage {
  items: StakeableNft[];
  /** Where the next page starts; null on the last page (Next is then disabled, never back to page 1). */
  cursor: string | null;
}

/**
 * MY NFTS: one page of the wallet's NFTs of the four pool contracts through the indexer layer
 * (Moralis with `token_addresses` = the pools and limit 20 when a key is set, on chain without),
 * each item tagged with its pid by matching its contract (lower-case) against the pool list.
 */
async function getStakeableNfts(account: Address, cursor: string | null): Promise<StakeablePage> {
  const pools = getConfig().stakingPools;
  const { getNftIndexer } = await import('@/lib/indexer/get-nft-indexer');
  const indexer = await getNftIndexer();
  const page = await indexer.getWalletNfts({
    owner: account,
    contracts: pools.map((pool) => pool.address),
    limit: STAKEABLE_PAGE_SIZE,
    cursor,
  });
  const pidOf = new Map(pools.map((pool) => [pool.address.toLowerCase(), pool.pid]));
  return {
    cursor: page.cursor,
    items: page.items.flatMap((nft) => {
      const pid = pidOf.get(nft.contract.toLowerCase());
      return pid === undefined ? [] : [{ ...nft, pid }];
    }),
  };
}

function stakeableNftsQueryOptions(account: Address | null, cursor: string | null) {
  return queryOptions({
    queryKey: queryKeys.indexer.walletNfts(account ?? '', `staking:${cursor ?? ''}`),
    queryFn: () => {
      if (!account) throw new Error('The stakeable NFTs are read for an account.');
      return getStakeableNfts(account, cursor);
    },
    enabled: Boolean(account),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export function useStakeableNfts(account: Address | null, cursor: string | null) {
  return useQuery(stakeableNftsQueryOptions(account, cursor));
}
