import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import { SESSION_EVENT, clearSession, readJwt, readUserInfo, type UserInfo } from '@/lib/session/storage';

export type WalletStatus = 'disconnected' | 'connecting' | 'signing-in' | 'connected';

/** The one interface every screen uses to talk about the wallet and the signed-in user. */
export interface WalletContextValue {
  status: WalletStatus;
  account: Address | null;
  chainId: number | null;
  signer: Signer | null;
  user: UserInfo | null;
  jwt: string | null;
  /** A JWT is stored: the protected routes open. */
  isSignedIn: boolean;
  /** Opens the wallet connection dialog; sign-in follows automatically once connected. */
  connect: () => Promise<void>;
  /** Clears all stored data, forgets the wallet, disconnects. */
  signOut: () => Promise<void>;
}

const WalletContext = createContext<WalletContextValue | null>(null);

function useStoredSession() {
  const [session, setSession] = useState(() => ({ jwt: readJwt(), user: readUserInfo() }));
  useEffect(() => {
    const refresh = () => setSession({ jwt: readJwt(), user: readUserInfo() });
    window.addEventListener(SESSION_EVENT, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(SESSION_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return session;
}

export function WalletProvider({ children }: { children: ReactNode }) {
  const session = useStoredSession();
  const [status] = useState<WalletStatus>('disconnected');

  const connect = useCallback(() => {
    // The Web3Modal connector is loaded lazily by the wallet feature (issue #5).
    return Promise.resolve();
  }, []);

  const signOut = useCallback(() => {
    localStorage.clear();
    clearSession();
    return Promise.resolve();
  }, []);

  const value = useMemo<WalletContextValue>(
    () => ({
      status,
      account: null,
      chainId: null,
      signer: null,
      user: session.user,
      jwt: session.jwt,
      isSignedIn: session.jwt !== null,
      connect,
      signOut,
    }),
    [status, session, connect, signOut],
  );

  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside WalletProvider');
  return value;
}
