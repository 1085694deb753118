import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import { getNftIndexer } from '@/lib/indexer/get-nft-indexer';
import type { IndexedNft, WalletNftsPage } from '@/lib/indexer/nft-indexer';
import { queryKeys } from '@/lib/query/keys';

/** Moralis' profile page size (deployed-system.md §I2.1). */
const COLLECTED_PAGE_SIZE = 100;

/**
 * deployed-system.md §I2.1 display filter: the one hidden contract (case-insensitive) and NFTs without an
 * image are not shown in Collected.
 */
function isCollectable(nft: IndexedNft, hiddenContract: string | undefined): boolean {
  if (!nft.image) return false;
  return !hiddenContract || nft.contract.toLowerCase() !== hiddenContract.toLowerCase();
}

/** One page of the wallet's NFTs from whichever indexer source is configured. */
async function getWalletNftsPage(owner: Address, cursor: string | null): Promise<WalletNftsPage> {
  const indexer = await getNftIndexer();
  const page = await indexer.getWalletNfts({ owner, limit: COLLECTED_PAGE_SIZE, cursor });
  const hidden = getConfig().addresses.hiddenNft;
  return { ...page, items: page.items.filter((nft) => isCollectable(nft, hidden)) };
}

function walletNftsQueryOptions(owner: Address | null) {
  return infiniteQueryOptions({
    queryKey: queryKeys.indexer.walletNfts(owner ?? '', 'collected'),
    queryFn: ({ pageParam }) => {
      if (!owner) throw new Error('The collected NFTs are read for an owner.');
      return getWalletNftsPage(owner, pageParam);
    },
    initialPageParam: null as string | null,
    // Paged to the end: only a null cursor stops (Moralis answers no total any more).
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: Boolean(owner),
  });
}

/** The Collected tab: every page of the wallet's NFTs, loaded as the user scrolls. */
export function useWalletNfts(owner: Address | null) {
  return useInfiniteQuery(walletNftsQueryOptions(owner));
}
