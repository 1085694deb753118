import {
  useCollectionContractFigures,
  isContractAddress,
} from '@/features/dashboard/api/get-collection-contract-figures';
import { useDashboardCollections } from '@/features/dashboard/api/get-dashboard-collections';
import { useLastTradePrices } from '@/features/dashboard/api/get-last-trade-prices';
import { useStakingPools } from '@/features/dashboard/api/get-staking-pools';
import { collectionRows, type CollectionRow } from '@/features/dashboard/api/figures';
import { combineReads, type Read } from '@/features/dashboard/hooks/combine-reads';

/**
 * The "NFT Collections" table (deployed-system.md §C6.1): the active featured CMS collections, their
 * newest trade (one CMS request for all), their contracts' supply and cost and the staking pools
 * (chain reads batched however many collections and pools there are).
 */
export function useCollectionsTable(): Read<CollectionRow[]> {
  const collections = useDashboardCollections();
  const pools = useStakingPools();
  const ids = collections.data?.map((collection) => collection.id);
  const addresses = collections.data?.map((collection) => collection.contractAddress).filter(isContractAddress);
  const lastTrades = useLastTradePrices(ids);
  const contracts = useCollectionContractFigures(addresses);
  // Until the collections are known the reads that depend on them wait (disabled, not failed),
  // so only the collections and the pools can fail meanwhile.
  if (collections.status !== 'success') return combineReads([collections, pools], () => []);
  return combineReads([collections, pools, contracts, lastTrades], collectionRows);
}
