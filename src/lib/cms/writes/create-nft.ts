import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { formatCmsPrice, parseWrittenId } from '@/lib/cms/parse';
import { NFT_STATUS } from '@/lib/cms/types';

export interface CreateNftInput {
  collectionId: number;
  tokenId: number;
  tokenName: string;
  tokenStandard: string;
  description: string;
  /** Already rewritten from `ipfs://` to a gateway url. */
  imageUrl: string;
  owner: string;
  /** USDT base units. */
  price: bigint;
  itemId: number;
}

/** Call #28 (bearer): a listed NFT the CMS had no row for. Published at once. Resolves to its id. */
export async function createNft(input: CreateNftInput, client: CmsClient = getCmsClient()): Promise<number> {
  const { data } = await client.post<unknown>('/api/nft-v1s', {
    data: {
      token_name: input.tokenName,
      owner: input.owner,
      views: 0,
      price: formatCmsPrice(input.price),
      likes: 0,
      description: input.description,
      token_id: input.tokenId,
      token_standard: input.tokenStandard,
      img_url: input.imageUrl,
      item_id: input.itemId,
      collection: input.collectionId,
      nft_status: NFT_STATUS.listed,
    },
  });
  return parseWrittenId(data);
}
