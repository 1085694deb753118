import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { parseWrittenId } from '@/lib/cms/parse';
import type { UserAvatar } from '@/lib/cms/types';
import { AppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

/** Call #19: remove an uploaded file (the previous avatar image). */
async function deleteUploadFile(fileId: number, client: AxiosInstance = getCmsClient()): Promise<void> {
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

/** The CMS's upload limit for avatars. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const AVATAR_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export type AvatarFileProblem = 'type' | 'size' | 'empty';

/** Why a file cannot be an avatar (spec §5: jpg, jpeg, gif or png; the CMS's 5 MB limit), or null. */
export function avatarFileProblem(file: Blob): AvatarFileProblem | null {
  const nameOk = !(file instanceof File) || AVATAR_EXTENSIONS.test(file.name);
  if (!AVATAR_TYPES.has(file.type.toLowerCase()) || !nameOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

function isAcceptedAvatarFile(file: Blob): boolean {
  return avatarFileProblem(file) === null;
}

export interface SaveUserAvatarInput {
  userId: number;
  file: Blob;
  /** The current row from `useUserAvatar`, or null when the user has none. */
  current: UserAvatar | null;
}

/**
 * Calls #19–#21: create the first avatar, or replace it — delete the old file while it is
 * still attached to the user's row (the CMS only lets a user delete their own avatar's file),
 * then upload the new one. The file is checked first so that an unacceptable file never costs
 * the user their current avatar.
 */
export async function saveUserAvatar(
  { userId, file, current }: SaveUserAvatarInput,
  client: AxiosInstance = getCmsClient(),
): Promise<void> {
  if (!isAcceptedAvatarFile(file)) {
    throw new AppError('unknown', 'The avatar must be a jpg, jpeg, gif or png image of at most 5 MB.');
  }
  if (!current) {
    await createUserAvatar({ userId, file }, client);
    return;
  }
  if (current.fileId !== null) await deleteUploadFile(current.fileId, client);
  await uploadAvatarImage({ avatarId: current.id, file }, client);
}

export function useSaveUserAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserAvatarInput) => saveUserAvatar(input),
    onSuccess: (_result, { userId }) => queryClient.invalidateQueries({ queryKey: queryKeys.cms.avatar(userId) }),
  });
}
