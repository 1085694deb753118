import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { AppError } from '@/lib/errors/app-error';
import { createCollection } from '@/lib/cms/writes/create-collection';
import { getCollectionByContract } from '@/lib/cms/writes/get-collection-by-contract';
import { createNft, type CreateNftInput } from '@/lib/cms/writes/create-nft';
import { runEachOnce, type WriteStep } from '@/lib/cms/writes/write-step';
import { findNftIdByToken } from '@/lib/cms/writes/find-nft-by-token';
import { updateNftListing } from '@/lib/cms/writes/update-nft-listing';

/** The NFT row's fields (as `createNft` writes them) plus what finding or creating its collection needs. */
export interface SaveListingInput extends Omit<CreateNftInput, 'collectionId'> {
  /** The signed-in CMS user (collection owner when the collection is new). */
  userId: number;
  chainId: number;
  chainName: string;
  contractAddress: string;
  collectionName: string;
}

/**
 * CMS bookkeeping after `createMarketItem` is mined (deployed-system.md §P4.5, §C5.3,
 * calls #24–#28), in two named parts so that the outbox can skip a finished one on a retry:
 * 'collection' finds or creates the collection by contract, 'nft' updates the token's row as
 * listed or creates it. Both look before they write, so a retried part never duplicates a row.
 * Resolves to the NFT row id.
 */
export async function saveListing(
  input: SaveListingInput,
  client: CmsClient = getCmsClient(),
  step: WriteStep = runEachOnce,
): Promise<number> {
  await step('collection', async () => {
    if (await getCollectionByContract(input.contractAddress, client)) return;
    await createCollection(
      {
        name: input.collectionName,
        contractAddress: input.contractAddress,
        description: input.description,
        ownerUserId: input.userId,
        chainId: input.chainId,
        chainName: input.chainName,
      },
      client,
    );
  });
  const collection = await getCollectionByContract(input.contractAddress, client);
  if (!collection) throw new AppError('not-found', `No CMS collection for ${input.contractAddress}.`);
  const listing = {
    owner: input.owner,
    price: input.price,
    itemId: input.itemId,
    tokenStandard: input.tokenStandard,
    imageUrl: input.imageUrl,
  };
  let nftId: number | null = null;
  await step('nft', async () => {
    nftId = await findNftIdByToken({ collectionId: collection.id, tokenId: input.tokenId }, client);
    if (nftId !== null) {
      await updateNftListing(nftId, listing, client);
      return;
    }
    nftId = await createNft(
      {
        collectionId: collection.id,
        tokenId: input.tokenId,
        tokenName: input.tokenName,
        description: input.description,
        ...listing,
      },
      client,
    );
  });
  return nftId ?? (await findNftIdByToken({ collectionId: collection.id, tokenId: input.tokenId }, client)) ?? 0;
}
