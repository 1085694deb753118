import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { flattenStrapi } from '@/lib/cms/parse';
import type { Nft } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

export interface ToggleNftLikeInput {
  id: number;
  /** The new total to store: the displayed likes + 1 when liking, − 1 when un-liking (no per-user record). */
  likes: number;
}

const likesAnswer = z.object({ data: z.object({ likes: z.number() }) });

/** Call #13: store the toggled like count; resolves to the count the CMS stored. */
export async function toggleNftLike(
  { id, likes }: ToggleNftLikeInput,
  client: CmsClient = getCmsClient(),
): Promise<number> {
  const { data } = await client.put<unknown>(`/api/nft-v1s/${id}`, { data: { likes: Math.max(0, likes) } });
  const parsed = likesAnswer.safeParse({ data: flattenStrapi((data as { data?: unknown } | null)?.data) });
  if (!parsed.success) throw new AppError('invalid-response', 'The CMS did not answer with the stored likes.');
  return parsed.data.data.likes;
}

export function useToggleNftLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ToggleNftLikeInput) => toggleNftLike(input),
    onSuccess: (likes, { id }) => {
      // Show the stored count at once, then refetch the item in the background.
      queryClient.setQueryData<Nft>(queryKeys.cms.nft(id), (nft) => (nft ? { ...nft, likes } : nft));
      return queryClient.invalidateQueries({ queryKey: queryKeys.cms.nft(id) });
    },
  });
}
