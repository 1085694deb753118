import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { queryKeys } from '@/lib/query/keys';

export interface BumpNftViewsInput {
  id: number;
  /** The views count as loaded; the CMS accepts exactly one more. */
  views: number;
}

/**
 * Call #12: count one visit. Needs a session: the bearer goes along from the client interceptor,
 * and without one the CMS refuses the write (403) — callers only bump when signed in
 * (useBumpViewsOnce).
 */
export async function bumpNftViews(
  { id, views }: BumpNftViewsInput,
  client: CmsClient = getCmsClient(),
): Promise<void> {
  await client.put(`/api/nft-v1s/${id}`, { data: { views: views + 1 } });
}

export function useBumpNftViews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BumpNftViewsInput) => bumpNftViews(input),
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: queryKeys.cms.nft(id) }),
  });
}
