import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadImageShown } from '@/components/app-image';
import { collectionHistoryQueryOptions } from '@/lib/chain/history/history-queries';
import type { PricedEvent } from '@/lib/chain/history/market-figures';
import { queryKeys } from '@/lib/query/keys';
import { isTrustedCollection } from '@/lib/trust/trusted-collections';

function toTokenId(tokenId: bigint | number | string | null | undefined): bigint | null {
  if (tokenId === null || tokenId === undefined || tokenId === '') return null;
  try {
    const id = BigInt(tokenId);
    return id >= 0n ? id : null;
  } catch {
    return null;
  }
}

function tokenActivityQueryOptions(
  contract: string | null | undefined,
  tokenId: bigint | null,
  collectionEvents: readonly PricedEvent[] | undefined,
) {
  const newest = collectionEvents?.at(-1);
  return queryOptions({
    queryKey: queryKeys.chain.tokenActivity(
      contract ?? '',
      tokenId?.toString() ?? '',
      newest ? `${newest.blockNumber}:${newest.logIndex}` : '',
    ),
    queryFn: async (): Promise<PricedEvent[]> => {
      const { readTokenActivity } = await import('@/lib/chain/history/collection-market');
      return readTokenActivity(collectionEvents ?? [], tokenId ?? -1n);
    },
    enabled: collectionEvents !== undefined && tokenId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What happened to one NFT, from the chain (issue 38): its collection's history (shared with the collection page and
 * the dashboard), then this token's events newest first, with prices and block times. `trusted` is false for a
 * contract outside the configuration, whose events are not read (its logs could say anything).
 */
export function useNftActivity(contract: string | null | undefined, tokenId: bigint | number | string | null) {
  const history = useQuery(collectionHistoryQueryOptions(contract, leadImageShown));
  const id = toTokenId(tokenId);
  const activity = useQuery(tokenActivityQueryOptions(contract, id, history.data));
  const trusted = isTrustedCollection(contract);
  return {
    trusted,
    data: activity.data,
    isPending: history.isPending || activity.isPending,
    isError: history.isError || activity.isError,
    refetch: () => (history.isError ? history.refetch() : activity.refetch()),
  };
}

export type NftActivityQuery = ReturnType<typeof useNftActivity>;
