import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import type { SaleSplit } from '@/features/checkout/api/sale-split';
import type { Nft } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

export type CheckoutMode = 'mint' | 'buy';

/**
 * What the chain says the purchase is, never the CMS row (deployed-system.md §C9.5): for a mint, the
 * trusted collection and its own `cost()`; for a buy, the marketplace's own item for this contract
 * and token id — its item id, contract and price — and the split of that price.
 */
export interface CheckoutTerms {
  mode: CheckoutMode;
  nftContract: Address;
  tokenId: bigint;
  /** USDT base units the buyer pays (and approves). */
  price: bigint;
  itemId?: bigint;
  seller?: Address;
  split?: SaleSplit;
}

export type TermsResult =
  { ok: true; terms: CheckoutTerms } | { ok: false; reason: 'noContract' | 'untrusted' | 'notForSale' };

function checkoutTermsQueryOptions(nft: Pick<Nft, 'id' | 'tokenId' | 'collection'>, mode: CheckoutMode | null) {
  return queryOptions({
    queryKey: queryKeys.chain.checkoutTerms(mode ?? '', nft.collection?.contractAddress ?? '', String(nft.tokenId)),
    queryFn: async () => {
      // The contract layer (and ethers) is loaded when a page first asks for terms.
      const [{ getReadProvider }, { readCheckoutTerms }] = await Promise.all([
        import('@/lib/chain/provider'),
        import('@/features/checkout/api/read-terms'),
      ]);
      return readCheckoutTerms(getReadProvider(), nft, mode ?? 'mint', getConfig());
    },
    enabled: mode !== null,
    staleTime: 15_000,
  });
}

/** The chain's terms for buying or minting `nft`, for the page and the checkout to show. */
export function useCheckoutTerms(nft: Pick<Nft, 'id' | 'tokenId' | 'collection'>, mode: CheckoutMode | null) {
  return useQuery(checkoutTermsQueryOptions(nft, mode));
}
