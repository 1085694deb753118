import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { queryKeys } from '@/lib/query/keys';
import { createCollection } from '@/features/collections/api/create-collection';
import { getCollectionByContract } from '@/features/collections/api/get-collection-by-contract';
import { createNft } from '@/features/nfts/api/create-nft';
import { findNftIdByToken } from '@/features/nfts/api/find-nft-by-token';
import { updateNftListing } from '@/features/nfts/api/update-nft-listing';

export interface SaveListingInput {
  /** The signed-in CMS user (collection owner when the collection is new). */
  userId: number;
  chainId: number;
  chainName: string;
  contractAddress: string;
  collectionName: string;
  tokenId: number;
  tokenName: string;
  tokenStandard: string;
  description: string;
  imageUrl: string;
  owner: string;
  /** USDT base units. */
  price: bigint;
  itemId: number;
}

/**
 * CMS bookkeeping after `createMarketItem` is mined (contracts.md §5.3, calls #24–#28):
 * find-or-create the collection by contract, then update or create the NFT row as listed.
 * Resolves to the NFT row id.
 */
export async function saveListing(input: SaveListingInput, client: AxiosInstance = getCmsClient()): Promise<number> {
  const existingCollection = await getCollectionByContract(input.contractAddress, client);
  const collectionId =
    existingCollection?.id ??
    (await createCollection(
      {
        name: input.collectionName,
        contractAddress: input.contractAddress,
        description: input.description,
        ownerUserId: input.userId,
        chainId: input.chainId,
        chainName: input.chainName,
      },
      client,
    ));
  const listing = { owner: input.owner, price: input.price, itemId: input.itemId };
  const nftId = await findNftIdByToken({ collectionId, tokenId: input.tokenId }, client);
  if (nftId !== null) {
    await updateNftListing(nftId, listing, client);
    return nftId;
  }
  return createNft(
    {
      collectionId,
      tokenId: input.tokenId,
      tokenName: input.tokenName,
      tokenStandard: input.tokenStandard,
      description: input.description,
      imageUrl: input.imageUrl,
      ...listing,
    },
    client,
  );
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveListingInput) => saveListing(input),
    onSuccess: (nftId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.nft(nftId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.nftLists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.collectionLists() }),
      ]),
  });
}
