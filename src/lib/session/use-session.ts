import { createContext, useContext } from 'react';
import type { Address } from '@/config/env';
import type { UserInfo } from '@/lib/session/storage';

/**
 * Who is using the app, for any feature: the connected account and the signed-in CMS user. The
 * wallet's provider supplies it (WalletProvider), so features never import the wallet feature.
 */
export interface Session {
  account: Address | null;
  user: UserInfo | null;
  /** A CMS session (JWT) exists. */
  isSignedIn: boolean;
  /** Opens the wallet dialog, or retries the sign-in of a connected wallet. */
  connect: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the wallet provider');
  return session;
}
