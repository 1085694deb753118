import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/keys';
import type { CollectionTrust, TrustSubject } from '@/lib/trust/imitation';
import { collectionStanding } from '@/lib/trust/trusted-collections';

/**
 * A collection row's label (deployed-system.md §C9.6). The operator's verified row is known from the configuration at
 * once; any other row shows Unverified (a copy when it claims a trusted contract) until the name check has
 * loaded, then possibly "Imitation of …". Nothing ever shows the tick while waiting.
 */
export function useCollectionTrust(collection: TrustSubject): CollectionTrust {
  const standing = collectionStanding(collection);
  const judge = useQuery({
    queryKey: queryKeys.cms.verifiedCollections(),
    // The judge is a function: wrapped so React Query keeps it as it is.
    queryFn: async () => ({ judge: await (await import('@/lib/trust/imitation')).loadTrustJudge() }),
    enabled: standing !== 'verified',
    staleTime: Infinity,
  });
  if (standing === 'verified') return { kind: 'verified' };
  if (judge.data) return judge.data.judge(collection);
  return standing === 'copy' ? { kind: 'copy', of: null } : { kind: 'unverified' };
}
