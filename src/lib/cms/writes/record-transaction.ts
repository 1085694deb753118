import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { formatCmsPrice, parseWrittenId } from '@/lib/cms/parse';


export interface RecordTransactionInput {
  collectionId: number;
  nftId: number;
  /** Previous CMS owner, or the zero address for a mint. */
  fromAddress: string | null;
  toAddress: string;
  /** USDT base units. */
  price: bigint;
  kind: 'Mint' | 'Buy';
}

/** Call #16 (bearer): one row of the price history. Resolves to its id. */
export async function recordTransaction(
  input: RecordTransactionInput,
  client: CmsClient = getCmsClient(),
): Promise<number> {
  const { data } = await client.post<unknown>('/api/transactions', {
    data: {
      collection: input.collectionId,
      nft_v_1: input.nftId,
      from_address: input.fromAddress || ZERO_ADDRESS,
      to_address: input.toAddress,
      price: formatCmsPrice(input.price),
      desc: input.kind,
    },
  });
  return parseWrittenId(data);
}
