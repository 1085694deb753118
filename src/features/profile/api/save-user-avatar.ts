import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { getUserAvatar } from '@/features/profile/api/get-user-avatar';
import { cmsContext, parseWrittenId, toUserAvatar } from '@/lib/cms/parse';
import type { UserAvatar } from '@/lib/cms/types';
import { AppError, toAppError } from '@/lib/errors/app-error';
import { queryKeys } from '@/lib/query/keys';

/** Call #19: remove an uploaded file (the previous avatar image). */
async function deleteUploadFile(fileId: number, client: CmsClient = getCmsClient()): Promise<void> {
  await client.delete(`/api/upload/files/${fileId}`);
}

/** Call #21: the user's first avatar: a new row with the image attached. Resolves to the row id. */
export async function createUserAvatar(
  { userId, file }: { userId: number; file: Blob },
  client: CmsClient = getCmsClient(),
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
  client: CmsClient = getCmsClient(),
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

/** The first bytes of each accepted image format (JPEG, PNG, GIF87a / GIF89a). */
const SIGNATURES: ReadonlyArray<{ type: string; bytes: readonly number[] }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(head);
  });
}

/** Whether the file starts with the signature of the image type it claims: the extension alone proves nothing. */
async function isWhatItClaims(file: Blob): Promise<boolean> {
  const head = await firstBytes(file, 8);
  const claimed = file.type.toLowerCase() === 'image/jpg' ? 'image/jpeg' : file.type.toLowerCase();
  return SIGNATURES.some(({ type, bytes }) => type === claimed && bytes.every((byte, index) => head[index] === byte));
}

/**
 * Why a file cannot be an avatar (deployed-system.md §P5: jpg, jpeg, gif or png; the CMS's 5 MB limit), or null.
 * The name and type are checked, then the first bytes: a file that is not the image it claims to
 * be (HTML renamed `.png`) is the same 'type' problem as a wrong extension.
 */
export async function avatarFileProblem(file: Blob): Promise<AvatarFileProblem | null> {
  const nameOk = !(file instanceof File) || AVATAR_EXTENSIONS.test(file.name);
  if (!AVATAR_TYPES.has(file.type.toLowerCase()) || !nameOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  if (!(await isWhatItClaims(file))) return 'type';
  return null;
}

/** Why an avatar cannot be saved on this CMS: it refuses the lookup by user or drops the user link (deployed-system.md §B7.2). */
export const AVATAR_UNAVAILABLE = 'avatar-unavailable';

/** The lookup by user (#18) was refused: a 400 ("Invalid parameter users_permissions_user"), not a passing fault. */
export function isAvatarLookupRefused(error: unknown): boolean {
  const appError = toAppError(error);
  return appError.status === 400 || appError.details.reason === AVATAR_UNAVAILABLE;
}

function avatarUnavailable(cause?: unknown): AppError {
  return new AppError('forbidden', 'Profile pictures are not available on this server.', {
    reason: AVATAR_UNAVAILABLE,
    cause,
  });
}

/**
 * After #21: the new row must be the user's (the CMS drops the link for a role that may not `find`
 * users). When it is not, the uploaded file is removed so that nothing is left behind, and the
 * failure is thrown.
 */
async function ensureLinked(rowId: number, userId: number, client: CmsClient): Promise<void> {
  let linked: UserAvatar | null = null;
  let lookupError: unknown;
  try {
    linked = await getUserAvatar(userId, client);
  } catch (error) {
    if (!isAvatarLookupRefused(error)) throw error;
    lookupError = error;
  }
  if (linked?.id === rowId) return;
  const { data } = await client.get<unknown>(`/api/user-avatars/${rowId}`, { params: { populate: ['avatar'] } });
  const fileId = toUserAvatar((data as { data?: unknown } | null)?.data, cmsContext(client)).fileId;
  if (fileId !== null) await deleteUploadFile(fileId, client);
  throw avatarUnavailable(lookupError);
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
 * the user their current avatar. A first avatar whose row the CMS did not link to the user is
 * a failure (AVATAR_UNAVAILABLE) and its file is deleted again.
 */
export async function saveUserAvatar(
  { userId, file, current }: SaveUserAvatarInput,
  client: CmsClient = getCmsClient(),
): Promise<void> {
  if ((await avatarFileProblem(file)) !== null) {
    throw new AppError('unknown', 'The avatar must be a jpg, jpeg, gif or png image of at most 5 MB.');
  }
  if (!current) {
    const rowId = await createUserAvatar({ userId, file }, client);
    await ensureLinked(rowId, userId, client);
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
