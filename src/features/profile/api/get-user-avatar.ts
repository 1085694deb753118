import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { cmsContext, parseStandardList, toUserAvatar } from '@/lib/cms/parse';
import type { UserAvatar } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #18: the user's avatar row (null when they never uploaded one). */
export async function getUserAvatar(userId: number, client: CmsClient = getCmsClient()): Promise<UserAvatar | null> {
  const { data } = await client.get<unknown>('/api/user-avatars', {
    params: { populate: '*', filters: { users_permissions_user: { id: { $eq: userId } } }, sort: ['id:desc'] },
  });
  const context = cmsContext(client);
  return parseStandardList(data, (raw) => toUserAvatar(raw, context)).items[0] ?? null;
}

function userAvatarQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: queryKeys.cms.avatar(userId ?? 0),
    queryFn: () => getUserAvatar(userId ?? 0),
    enabled: userId !== null,
  });
}

export function useUserAvatar(userId: number | null) {
  return useQuery(userAvatarQueryOptions(userId));
}
