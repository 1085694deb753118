// Loaded only on demand (first Connect, or to restore a previous connection): Web3Modal and
// ethers' BrowserProvider weigh ≈550 kB gzipped and must stay out of the first page.
import { createWeb3Modal, defaultConfig, useDisconnect as disconnectApi } from '@web3modal/ethers/react';
import { BrowserProvider, type Eip1193Provider } from 'ethers';
import type { AppConfig } from '@/config/env';
import { withAccount, type WalletSigner } from '@/features/wallet/api/wallet-signer';
import { importWhenOnline } from '@/lib/when-online';

export interface WalletSnapshot {
  address: string | null;
  chainId: number | null;
  provider: Eip1193Provider | null;
}

export interface WalletConnector {
  open(): Promise<void>;
  disconnect(): Promise<void>;
  /** Called now and on every change of account, chain or provider. */
  subscribe(listener: (snapshot: WalletSnapshot) => void): void;
  /** The wallet's signer and its account, the account parsed as an `Address` (a wallet that names none is refused). */
  getSigner(provider: Eip1193Provider): Promise<WalletSigner>;
}

interface AdapterState {
  address?: string;
  chainId?: number | string;
  isConnected?: boolean;
  provider?: unknown;
}

function toChainId(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Web3Modal imports its dialog's code when it is created, once: a fetch that fails then (the page went offline) is
 * an unhandled rejection inside it and a dialog that never opens for the page's life. Its two parts are loaded here
 * first, waiting for the network, so its own import finds them loaded.
 */
function loadDialogParts(): Promise<unknown> {
  return importWhenOnline(() => Promise.all([import('@web3modal/ui'), import('@web3modal/scaffold-ui/w3m-modal')]));
}

export async function createWalletConnector(config: AppConfig): Promise<WalletConnector> {
  await loadDialogParts();
  const origin = window.location.origin;
  const modal = createWeb3Modal({
    ethersConfig: defaultConfig({
      metadata: {
        name: 'Terra Mater',
        description: 'First NFT Incubator and marketplace owned by people',
        url: origin,
        icons: [`${origin}/img/logo.svg`],
      },
      // No e-mail or social login: their iframe needs the internet and is not part of the product.
      auth: { email: false, socials: [], showWallets: true, walletFeatures: false },
      enableEIP6963: true,
      enableInjected: true,
      enableCoinbase: false,
      rpcUrl: config.rpcUrl,
      defaultChainId: config.chainId,
    }),
    chains: [
      {
        chainId: config.chainId,
        name: config.chainName,
        currency: config.nativeCurrency,
        explorerUrl: (config.explorerUrl ?? '').replace(/\/$/, ''),
        rpcUrl: config.rpcUrl,
      },
    ],
    projectId: config.walletConnectProjectId,
    allWallets: 'HIDE',
    enableAnalytics: false,
    enableOnramp: false,
    enableSwaps: false,
    themeMode: 'dark',
    themeVariables: { '--w3m-accent': '#ff343f', '--w3m-z-index': 2000 },
  });

  // Web3Modal opens its own "Switch Network" view when the wallet is on another chain, and may do
  // so after the app has already moved the wallet (chain-switch.ts). The app opens the dialog only
  // to connect, so an open dialog over a wallet that is connected on the configured chain is that
  // stale view: close it whenever the dialog or the wallet changes.
  const closeStaleView = () => {
    if (modal.isOpen() && modal.getIsConnected() && toChainId(modal.getChainId()) === config.chainId) {
      void modal.close();
    }
  };
  modal.subscribeState(closeStaleView);
  modal.subscribeProvider(closeStaleView);

  return {
    open: () => modal.open({ view: 'Connect' }),
    disconnect: () => disconnectApi().disconnect(),
    subscribe(listener) {
      const emit = (state: AdapterState) =>
        listener({
          address: state.isConnected && state.address ? state.address : null,
          chainId: toChainId(state.chainId),
          provider: state.isConnected && state.provider ? (state.provider as Eip1193Provider) : null,
        });
      modal.subscribeProvider((state) => emit(state));
    },
    async getSigner(provider) {
      return withAccount(await new BrowserProvider(provider, 'any').getSigner());
    },
  };
}
