import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { leadImageShown } from '@/components/app-image';
import type { Address } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/**
 * The on-chain owner of one token (the detail page shows "Buy Now" when it is the marketplace).
 * Null when the token does not exist: `ownerOf` reverts for unminted or burned tokens.
 */
async function getTokenOwner(runner: ContractRunner, contract: Address, tokenId: bigint): Promise<Address | null> {
  const { findOwnerOf } = await import('@/lib/chain/contracts/nft-collection');
  return findOwnerOf(runner, contract, tokenId);
}

function toTokenId(tokenId: bigint | number | string): bigint | null {
  try {
    const id = BigInt(tokenId);
    return id >= 0n ? id : null;
  } catch {
    return null;
  }
}

export function tokenOwnerQueryOptions(
  contract: Address | null | undefined,
  tokenId: bigint | number | string | null | undefined,
) {
  const id = tokenId === null || tokenId === undefined || tokenId === '' ? null : toTokenId(tokenId);
  return queryOptions({
    queryKey: queryKeys.chain.ownerOf(contract ?? '', id === null ? '' : id.toString()),
    queryFn: async ({ signal }) => {
      if (!contract || id === null) return null;
      // After the route's lead image (the NFT's image), as the marketplace's items.
      await leadImageShown(signal);
      // A view only: the call runner (eth_call over fetch) spares the page ethers' provider code.
      const { getCallRunner } = await import('@/lib/chain/call-runner');
      return getTokenOwner(getCallRunner(), contract, id);
    },
    enabled: Boolean(contract) && id !== null,
    staleTime: 15_000,
  });
}

/** Owner of `tokenId` in `contract`; the query waits until both are known. */
export function useTokenOwner(
  contract: Address | null | undefined,
  tokenId: bigint | number | string | null | undefined,
) {
  return useQuery(tokenOwnerQueryOptions(contract, tokenId));
}
