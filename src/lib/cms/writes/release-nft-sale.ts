import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { NFT_STATUS } from '@/lib/cms/types';

/** Call #23: after `releaseSale` is mined, the NFT is no longer for sale (status 3, owner unchanged). */
export async function releaseNftSale(nftId: number, client: CmsClient = getCmsClient()): Promise<void> {
  await client.put(`/api/nft-v1s/${nftId}`, { data: { nft_status: NFT_STATUS.owned } });
}
