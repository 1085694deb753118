import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Eip1193Provider, Signer } from 'ethers';
import { getConfig, type Address } from '@/config/env';
import type { WalletConnector, WalletSnapshot } from '@/features/wallet/api/web3modal-connector';
import { showAlert } from '@/lib/alerts';
import { ChainSessionContext, type ChainSession, type WatchedToken, type WatchOutcome } from '@/lib/tx/chain-session';
import { toAppError } from '@/lib/errors/app-error';
import { sameAddress } from '@/lib/format/address';
import { importWhenOnline } from '@/lib/when-online';
import { getItem, removeItem, setItem } from '@/lib/session/browser-storage';
import { SessionContext } from '@/lib/session/use-session';
import {
  SESSION_EVENT,
  SESSION_EXPIRED_EVENT,
  clearSession,
  readJwt,
  readUserInfo,
  writeSession,
} from '@/lib/session/storage';

type WalletStatus = 'disconnected' | 'connecting' | 'signing-in' | 'connected';

/** Something the user should read about the session: shown by the WalletNotice banner. */
export type WalletNotice = 'signature-rejected' | 'sign-in-failed' | 'wallet-dialog-failed' | 'session-expired' | null;

/** The one interface every screen uses to talk about the wallet and the signed-in user. */
export interface WalletContextValue extends ChainSession {
  status: WalletStatus;
  account: Address | null;
  chainId: number | null;
  signer: Signer | null;
  user: ReturnType<typeof readUserInfo>;
  jwt: string | null;
  /** A JWT is stored: the protected routes open. */
  isSignedIn: boolean;
  notice: WalletNotice;
  dismissNotice: () => void;
  /** Opens the wallet dialog, or retries the sign-in when a wallet is connected without a session. */
  connect: () => Promise<void>;
  /** Ends the session (JWT and user), forgets the wallet, disconnects; queued records stay. */
  signOut: () => Promise<void>;
}

/** Loads the wallet connector; Web3Modal by default, a test double in jsdom tests. */
export type WalletConnectorLoader = () => Promise<WalletConnector>;

const loadWeb3Modal: WalletConnectorLoader = () =>
  importWhenOnline(() => import('@/features/wallet/api/web3modal-connector')).then(({ createWalletConnector }) =>
    createWalletConnector(getConfig()),
  );

const WalletContext = createContext<WalletContextValue | null>(null);

/** Set while a wallet is connected so the next visit restores it (and loads Web3Modal) at start. */
const RECONNECT_KEY = 'terra-mater:wallet-connected';

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

function alertSomethingWentWrong() {
  return showAlert({ icon: 'error', text: 'something went wrong' });
}

interface Connection {
  account: Address | null;
  chainId: number | null;
  provider: Eip1193Provider | null;
  signer: Signer | null;
}

const DISCONNECTED: Connection = { account: null, chainId: null, provider: null, signer: null };

export function WalletProvider({
  children,
  loadConnector: loadWalletConnector = loadWeb3Modal,
}: {
  children: ReactNode;
  loadConnector?: WalletConnectorLoader;
}) {
  const session = useStoredSession();
  const [connection, setConnection] = useState<Connection>(DISCONNECTED);
  const [phase, setPhase] = useState<'idle' | 'connecting' | 'signing-in'>('idle');
  const [notice, setNotice] = useState<WalletNotice>(null);
  const connectorRef = useRef<Promise<WalletConnector> | null>(null);
  const signingFor = useRef<string | null>(null);
  const checkedChainFor = useRef<string | null>(null);

  const signIn = useCallback(async (address: string, signer: Signer) => {
    if (signingFor.current === address) return;
    signingFor.current = address;
    setPhase('signing-in');
    setNotice(null);
    try {
      // The CMS client (axios) is not part of the first page: load the sign-in calls on demand.
      const { authenticate, getSignInToken, signInMessage } = await import('@/features/wallet/api/sign-in');
      const token = await getSignInToken(address);
      const signature = await signer.signMessage(signInMessage(token));
      const result = await authenticate(address, signature);
      if (!result.user) {
        await alertSomethingWentWrong();
        return;
      }
      writeSession(result.jwt, result.user);
    } catch (error) {
      const appError = toAppError(error);
      setNotice(appError.kind === 'wallet-rejected' ? 'signature-rejected' : 'sign-in-failed');
      if (appError.kind !== 'wallet-rejected') console.warn('Sign-in failed', appError);
    } finally {
      signingFor.current = null;
      setPhase('idle');
    }
  }, []);

  const onSnapshot = useCallback(
    async (snapshot: WalletSnapshot, connector: WalletConnector) => {
      if (!snapshot.address || !snapshot.provider) {
        setConnection(DISCONNECTED);
        checkedChainFor.current = null;
        return;
      }
      setItem(RECONNECT_KEY, '1');
      const { signer, account } = await connector.getSigner(snapshot.provider);
      setConnection({ account, chainId: snapshot.chainId, provider: snapshot.provider, signer });
      setPhase((current) => (current === 'connecting' ? 'idle' : current));

      const stored = readUserInfo();
      if (stored && !sameAddress(stored.address, account)) clearSession(); // account switched in the wallet
      if (!readUserInfo() || !readJwt()) await signIn(account, signer);

      if (checkedChainFor.current !== account) {
        checkedChainFor.current = account;
        const { ensureConfiguredChain } = await import('@/features/wallet/api/chain-switch');
        // Web3Modal's own "Switch Network" view, stale once this succeeds, is closed by the
        // connector itself (web3modal-connector.ts).
        await ensureConfiguredChain(snapshot.provider, getConfig());
      }
    },
    [signIn],
  );

  const loadConnector = useCallback(() => {
    connectorRef.current ??= loadWalletConnector().then(
      (connector) => {
        connector.subscribe((snapshot) => {
          void onSnapshot(snapshot, connector).catch((error: unknown) => console.warn('Wallet update failed', error));
        });
        return connector;
      },
      (error: unknown) => {
        connectorRef.current = null; // the next Connect loads it again
        throw error;
      },
    );
    return connectorRef.current;
  }, [onSnapshot, loadWalletConnector]);

  // Restore a previous connection: only then is Web3Modal loaded before the user asks for it.
  useEffect(() => {
    if (getItem(RECONNECT_KEY) === '1' || readUserInfo()) {
      void loadConnector().catch((error: unknown) => console.warn('Wallet restore failed', error));
    }
  }, [loadConnector]);

  useEffect(() => {
    const expired = () => setNotice('session-expired');
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  }, []);

  const connect = useCallback(async () => {
    setNotice(null);
    if (connection.account && connection.signer) {
      await signIn(connection.account, connection.signer);
      return;
    }
    setPhase('connecting');
    try {
      const connector = await loadConnector();
      await connector.open();
    } catch (error) {
      console.warn('Could not open the wallet dialog', error);
      setNotice('wallet-dialog-failed');
    } finally {
      // The dialog stays open after open() resolves; the snapshot ends "connecting" when an account arrives.
      setPhase((current) => (current === 'connecting' ? 'idle' : current));
    }
  }, [connection.account, connection.signer, loadConnector, signIn]);

  const signOut = useCallback(async () => {
    // The session only: the outbox and the pending transactions belong to their accounts and
    // wait for them (a record still to be written is never lost by signing out), and the
    // language is a preference of this browser.
    removeItem(RECONNECT_KEY);
    clearSession();
    setConnection(DISCONNECTED);
    setNotice(null);
    checkedChainFor.current = null;
    if (connectorRef.current) {
      const connector = await connectorRef.current;
      await connector.disconnect().catch((error: unknown) => console.warn('Disconnect failed', error));
    }
  }, []);

  const switchChain = useCallback(async () => {
    if (!connection.provider) return false;
    const { ensureConfiguredChain } = await import('@/features/wallet/api/chain-switch');
    return ensureConfiguredChain(connection.provider, getConfig());
  }, [connection.provider]);

  const walletChainId = useCallback(async () => {
    if (!connection.provider) return null;
    return Number(await connection.provider.request({ method: 'eth_chainId' }));
  }, [connection.provider]);

  const status: WalletStatus =
    phase === 'signing-in'
      ? 'signing-in'
      : phase === 'connecting'
        ? 'connecting'
        : connection.account
          ? 'connected'
          : 'disconnected';

  const watchToken = useCallback(
    async (token: WatchedToken): Promise<WatchOutcome> => {
      if (!connection.provider) return 'unsupported';
      const { requestWatchToken } = await import('@/features/wallet/api/watch-asset');
      return requestWatchToken(connection.provider, token);
    },
    [connection.provider],
  );

  const value = useMemo<WalletContextValue>(
    () => ({
      status,
      account: connection.account,
      chainId: connection.chainId,
      signer: connection.signer,
      user: session.user,
      jwt: session.jwt,
      isSignedIn: session.jwt !== null,
      notice,
      dismissNotice: () => setNotice(null),
      connect,
      walletChainId,
      switchChain,
      watchToken,
      signOut,
    }),
    [status, connection, session, notice, connect, walletChainId, switchChain, watchToken, signOut],
  );

  return (
    <WalletContext.Provider value={value}>
      <ChainSessionContext.Provider value={value}>
        <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
      </ChainSessionContext.Provider>
    </WalletContext.Provider>
  );
}

export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside WalletProvider');
  return value;
}
