import { createContext, useContext } from 'react';
import type { Signer } from 'ethers';
import type { Address } from '@/config/env';

/**
 * What the transaction path needs of the wallet, without depending on the wallet feature: the
 * wallet's provider supplies it (WalletProvider), the shared action hook consumes it.
 */
export interface ChainSession {
  account: Address | null;
  signer: Signer | null;
  chainId: number | null;
  /** A CMS session (JWT) exists. */
  isSignedIn: boolean;
  /** Opens the wallet dialog, or retries the sign-in of a connected wallet. */
  connect(): Promise<void>;
  /**
   * The chain the wallet is on now, asked of the wallet itself (not the last event it sent): it can
   * move between two steps of one action. Null without a connected wallet.
   */
  walletChainId(): Promise<number | null>;
  /** Asks the wallet to move to the configured chain; resolves whether it is there. */
  switchChain(): Promise<boolean>;
  /** Asks the wallet to track an ERC-20 token (EIP-747 `wallet_watchAsset`); absent where no wallet can be asked. */
  watchToken?: (token: WatchedToken) => Promise<WatchOutcome>;
}

/** An ERC-20 token as a wallet tracks it: its address, its on-chain symbol and its decimals. */
export interface WatchedToken {
  address: Address;
  symbol: string;
  decimals: number;
}

/** What the wallet did: added the token, declined, or cannot do it (no `wallet_watchAsset`, or it failed). */
export type WatchOutcome = 'added' | 'declined' | 'unsupported';

export const ChainSessionContext = createContext<ChainSession | null>(null);

export function useChainSession(): ChainSession {
  const session = useContext(ChainSessionContext);
  if (!session) throw new Error('useChainSession must be used inside the wallet provider');
  return session;
}
