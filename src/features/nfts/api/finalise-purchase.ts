import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { NFT_STATUS } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';
import { getNft } from './get-nft';
import { recordTransaction } from './record-transaction';

export interface FinalisePurchaseInput {
  nftId: number;
  buyer: string;
  kind: 'Mint' | 'Buy';
}

/**
 * CMS bookkeeping after a mined mint or buy (contracts.md §5.1–5.2): re-read the row (#15) for
 * the previous owner, record the transaction (#16), then hand the NFT to the buyer with status 3
 * (#17). The price is the CMS price at that moment, i.e. what the buyer paid.
 */
export async function finalisePurchase(
  { nftId, buyer, kind }: FinalisePurchaseInput,
  client: AxiosInstance = getCmsClient(),
): Promise<void> {
  const nft = await getNft(nftId, client);
  if (!nft.collection) throw new AppError('invalid-response', `NFT ${nftId} has no collection.`);
  await recordTransaction(
    { collectionId: nft.collection.id, nftId, fromAddress: nft.owner, toAddress: buyer, price: nft.price, kind },
    client,
  );
  await client.put(`/api/nft-v1s/${nftId}`, { data: { owner: buyer, nft_status: NFT_STATUS.owned } });
}

export function useFinalisePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinalisePurchaseInput) => finalisePurchase(input),
    onSuccess: (_result, { nftId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.nft(nftId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.nftLists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cms.transactionLists() }),
      ]),
  });
}
