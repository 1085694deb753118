import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { parseWrittenId } from '@/lib/cms/parse';

export interface CreateCollectionInput {
  name: string;
  contractAddress: string;
  description: string;
  ownerUserId: number;
  chainId: number;
  chainName: string;
  /** The deployed front end always filed wallet-listed collections under category 1. */
  categoryId?: number;
}

/** Call #25 (bearer): a collection for an NFT contract the CMS does not know yet. Resolves to its id. */
export async function createCollection(
  input: CreateCollectionInput,
  client: CmsClient = getCmsClient(),
): Promise<number> {
  const { data } = await client.post<unknown>('/api/collections', {
    data: {
      name: input.name,
      contract_address: input.contractAddress,
      chain_id: input.chainId,
      chain_name: input.chainName,
      status: 'Active',
      desc: input.description,
      users_permissions_user: input.ownerUserId,
      category: input.categoryId ?? 1,
    },
  });
  return parseWrittenId(data);
}
