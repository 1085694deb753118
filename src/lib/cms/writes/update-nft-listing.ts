import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { formatCmsPrice } from '@/lib/cms/parse';
import { NFT_STATUS } from '@/lib/cms/types';

export interface NftListingInput {
  owner: string;
  /** USDT base units. */
  price: bigint;
  /** Marketplace item id from the `MarketItemCreated` event. */
  itemId: number;
  /** Written when known (the wallet's indexer knows them), so the row matches the token. */
  tokenStandard?: string;
  imageUrl?: string | null;
}

/** Call #27 — sent WITH the bearer (the deployed front end omitted it): an existing row is now listed. */
export async function updateNftListing(
  nftId: number,
  { owner, price, itemId, tokenStandard, imageUrl }: NftListingInput,
  client: CmsClient = getCmsClient(),
): Promise<void> {
  await client.put(`/api/nft-v1s/${nftId}`, {
    data: {
      owner,
      price: formatCmsPrice(price),
      item_id: itemId,
      nft_status: NFT_STATUS.listed,
      ...(tokenStandard ? { token_standard: tokenStandard } : {}),
      ...(imageUrl ? { img_url: imageUrl } : {}),
    },
  });
}
