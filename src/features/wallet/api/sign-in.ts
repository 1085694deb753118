import { z } from 'zod/mini';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { AppError } from '@/lib/errors/app-error';
import type { UserInfo } from '@/lib/session/storage';

/** The exact text the CMS verifies (deployed-system.md §B3.2): note the space before the colon. */
export function signInMessage(token: string): string {
  return `Your authentication token : ${token}`;
}

// webthree-auth answers every error with HTTP 200 and `{ success: false, error }` (deployed-system.md §B3).
const failureSchema = z.object({ success: z.literal(false), error: z.optional(z.string()) });
const tokenSchema = z.object({ token: z.string().check(z.minLength(1)) });
const authSchema = z.object({
  jwt: z.string().check(z.minLength(1)),
  user: z.nullish(
    z.object({
      id: z.number(),
      address: z.optional(z.nullable(z.string())),
      username: z.optional(z.nullable(z.string())),
    }),
  ),
});

function failureOf(body: unknown): AppError | null {
  const failure = failureSchema.safeParse(body);
  return failure.success ? new AppError('http', failure.data.error ?? 'Sign-in failed.') : null;
}

/** Step 1: the server issues a fresh one-time token for this address. */
export async function getSignInToken(address: string, client: CmsClient = getCmsClient()): Promise<string> {
  const { data } = await client.get<unknown>(`/webthree-auth/token/${encodeURIComponent(address)}`);
  const failure = failureOf(data);
  if (failure) throw failure;
  const parsed = tokenSchema.safeParse(data);
  if (!parsed.success) throw new AppError('invalid-response', 'The sign-in token is missing from the answer.');
  return parsed.data.token;
}

export interface SignInResult {
  jwt: string;
  /** Null when the server answered without a user: the spec's 'something went wrong'. */
  user: UserInfo | null;
}

/** Step 3: exchange the signed token for a JWT and the user record. */
export async function authenticate(
  address: string,
  signature: string,
  client: CmsClient = getCmsClient(),
): Promise<SignInResult> {
  const { data } = await client.get<unknown>(
    `/webthree-auth/authenticate/${encodeURIComponent(address)}/${encodeURIComponent(signature)}`,
  );
  const failure = failureOf(data);
  if (failure) throw failure;
  const parsed = authSchema.safeParse(data);
  if (!parsed.success) return { jwt: '', user: null };
  const user = parsed.data.user;
  return {
    jwt: parsed.data.jwt,
    user: user ? { id: user.id, address: user.address ?? address, username: user.username ?? undefined } : null,
  };
}
