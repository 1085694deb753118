import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { parseWrittenId } from '@/lib/cms/parse';
import type { UserAvatar } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

/** Call #19: remove an uploaded file (the previous avatar image). */
export async function deleteUploadFile(fileId: number, client: AxiosInstance = getCmsClient()): Promise<void> {
  await client.delete(`/api/upload/files/${fileId}`);
}

/** Call #21: the user's first avatar: a new row with the image attached. Resolves to the row id. */
export async function createUserAvatar(
  { userId, file }: { userId: number; file: Blob },
  client: AxiosInstance = getCmsClient(),
): Promise<number> {
  const form = new FormData();
  form.append('data', JSON.stringify({ users_permissions_user: userId }));
  form.append('files.avatar', file, file instanceof File ? file.name : 'avatar');
  const { data } = await client.post<unknown>('/api/user-avatars', form);
  return parseWrittenId(data);
}

/** Call #20: attach a new image to the existing avatar row. */
export async function uploadAvatarImage(
  { avatarId, file }: { avatarId: number; file: Blob },
  client: AxiosInstance = getCmsClient(),
): Promise<void> {
  const form = new FormData();
  form.append('files', file, file instanceof File ? file.name : 'avatar');
  form.append('ref', 'api::user-avatar.user-avatar');
  form.append('refId', String(avatarId));
  form.append('field', 'avatar');
  await client.post('/api/upload', form);
}

export interface SaveUserAvatarInput {
  userId: number;
  file: Blob;
  /** The current row from `useUserAvatar`, or null when the user has none. */
  current: UserAvatar | null;
}

/**
 * Calls #19–#21: replace the avatar (upload the new image first so a rejected file leaves the
 * old avatar in place, then delete the old file) or create the first one.
 */
export async function saveUserAvatar(
  { userId, file, current }: SaveUserAvatarInput,
  client: AxiosInstance = getCmsClient(),
): Promise<void> {
  if (!current) {
    await createUserAvatar({ userId, file }, client);
    return;
  }
  await uploadAvatarImage({ avatarId: current.id, file }, client);
  if (current.fileId !== null) await deleteUploadFile(current.fileId, client);
}

export function useSaveUserAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserAvatarInput) => saveUserAvatar(input),
    onSuccess: (_result, { userId }) => queryClient.invalidateQueries({ queryKey: queryKeys.cms.avatar(userId) }),
  });
}
