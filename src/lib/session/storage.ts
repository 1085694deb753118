import { z } from 'zod/mini';
import { getItem, removeItem, setItem } from '@/lib/session/browser-storage';

/** The two storage keys the deployed product uses (deployed-system.md §P9); nothing else is persisted for the session. */
const JWT_KEY = 'jwtToken';
const USER_INFO_KEY = 'userInfo';

const userInfoSchema = z.object({
  id: z.number(),
  address: z.string(),
  username: z.optional(z.string()),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

export function readJwt(): string | null {
  const token = getItem(JWT_KEY);
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export function readUserInfo(): UserInfo | null {
  const raw = getItem(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(jwt: string, user: UserInfo): void {
  setItem(JWT_KEY, jwt);
  setItem(USER_INFO_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function clearSession(): void {
  removeItem(JWT_KEY);
  removeItem(USER_INFO_KEY);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Fired on the window whenever the stored session changes in this tab. */
export const SESSION_EVENT = 'terra-mater:session';

/** Fired when the CMS rejected the stored JWT; the wallet session listens and asks to sign in again. */
export const SESSION_EXPIRED_EVENT = 'terra-mater:session-expired';
