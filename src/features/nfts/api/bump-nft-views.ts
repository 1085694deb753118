import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { queryKeys } from '@/lib/query/keys';

export interface BumpNftViewsInput {
  id: number;
  /** The views count as loaded; the CMS accepts exactly one more. */
  views: number;
}

/**
 * Call #12: count one visit. The bearer goes along when signed in (client interceptor); the local
 * CMS also lets anonymous visitors write `views` when it is exactly the stored value ± 1.
 */
export async function bumpNftViews(
  { id, views }: BumpNftViewsInput,
  client: AxiosInstance = getCmsClient(),
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
