import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IndexedNft, NftRef } from '@/lib/indexer/nft-indexer';
import { queryKeys } from '@/lib/query/keys';

export const stakedRefKey = (ref: NftRef) => `${ref.contract.toLowerCase()}:${ref.tokenId.toString()}`;

/**
 * Images and names of the staked NFTs through the indexer (Moralis getMultipleNFTs in batches of
 * 25, or tokenURI on chain), keyed by "contract:id". Tokens the indexer does not know are simply
 * absent: the list still shows them with the chain's name and the placeholder image.
 */
async function getStakedMetadata(refs: readonly NftRef[]): Promise<Map<string, IndexedNft>> {
  if (refs.length === 0) return new Map();
  const { getNftIndexer } = await import('@/lib/indexer/get-nft-indexer');
  const indexer = await getNftIndexer();
  const found = await indexer.getNftsMetadata(refs);
  return new Map(found.map((nft) => [stakedRefKey(nft), nft]));
}

function stakedMetadataQueryOptions(refs: readonly NftRef[]) {
  return queryOptions({
    queryKey: queryKeys.indexer.nftsMetadata(refs.map(stakedRefKey)),
    queryFn: () => getStakedMetadata(refs),
    enabled: refs.length > 0,
    staleTime: 5 * 60_000,
  });
}

export function useStakedMetadata(refs: readonly NftRef[]) {
  return useQuery(stakedMetadataQueryOptions(refs));
}
