import {
  useCollectionContractFigures,
  isContractAddress,
} from '@/features/dashboard/api/get-collection-contract-figures';
import { useChainTrades } from '@/features/dashboard/api/get-chain-trades';
import { useDashboardCollections } from '@/features/dashboard/api/get-dashboard-collections';
import { collectionRows, type CollectionRow } from '@/features/dashboard/api/figures';
import { combineReads, type Read } from '@/features/dashboard/hooks/combine-reads';

/**
 * The "NFT Collections" table (deployed-system.md §C6.1): the active featured CMS collections, their contracts' supply
 * and cost (chain reads batched however many collections there are), and their Market Price and Last Trade Price from
 * the chain's listings and sales (issue 38; never a CMS transaction row).
 */
export function useCollectionsTable(): Read<CollectionRow[]> {
  const collections = useDashboardCollections();
  const addresses = collections.data?.map((collection) => collection.contractAddress).filter(isContractAddress);
  const contracts = useCollectionContractFigures(addresses);
  const trades = useChainTrades(addresses);
  // Until the collections are known the reads that depend on them wait (disabled, not failed),
  // so only the collections can fail meanwhile.
  if (collections.status !== 'success') return combineReads([collections], () => []);
  return combineReads([collections, contracts, trades], collectionRows);
}
