// Local profile only. This module is imported behind `import.meta.env.VITE_DEV_WALLET === 'true'`,
// which Vite replaces at build time, so production builds do not contain it (a test checks).
import { JsonRpcProvider, Wallet, getBytes, isHexString, toUtf8String, type TransactionRequest } from 'ethers';
import { getItem, setItem } from '@/lib/session/browser-storage';

/** anvil's well-known dev account #1 (never holds real value). */
const DEV_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const AUTH_KEY = 'terra-mater:dev-wallet-authorised';

type Listener = (...args: unknown[]) => void;

interface RpcRequest {
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code });
}

function messageBytes(value: unknown): string | Uint8Array {
  const text = String(value);
  if (!isHexString(text)) return text;
  try {
    return toUtf8String(text);
  } catch {
    return getBytes(text);
  }
}

export function installDevWallet({ rpcUrl, chainId }: { rpcUrl: string; chainId: number }): void {
  const rpc = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 500 });
  const wallet = new Wallet(DEV_KEY, rpc);
  const listeners = new Map<string, Set<Listener>>();
  const chainHex = `0x${chainId.toString(16)}`;
  const authorised = () => getItem(AUTH_KEY) === 'yes';

  const provider = {
    isTerraMaterDevWallet: true,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    emit(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((listener) => listener(...args));
      return true;
    },
    async request({ method, params = [] }: RpcRequest): Promise<unknown> {
      const list = Array.isArray(params) ? params : [params];
      switch (method) {
        case 'eth_requestAccounts':
          setItem(AUTH_KEY, 'yes');
          provider.emit('connect', { chainId: chainHex });
          return [wallet.address];
        case 'eth_accounts':
          return authorised() ? [wallet.address] : [];
        case 'eth_chainId':
          return chainHex;
        case 'net_version':
          return String(chainId);
        case 'wallet_switchEthereumChain': {
          const target = (list[0] as { chainId?: string } | undefined)?.chainId;
          if (target?.toLowerCase() === chainHex) return null;
          throw rpcError(4902, `Unrecognized chain ID ${target}. The dev wallet only knows ${chainHex}.`);
        }
        // The dev wallet keeps no token list: it accepts the token as a browser wallet that adds it does.
        case 'wallet_watchAsset':
          return true;
        case 'wallet_addEthereumChain':
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
          return [];
        case 'personal_sign':
          return wallet.signMessage(messageBytes(list[0]));
        case 'eth_signTypedData_v4': {
          const typed = JSON.parse(String(list[1])) as {
            domain: Record<string, unknown>;
            types: Record<string, { name: string; type: string }[]>;
            message: Record<string, unknown>;
          };
          const { EIP712Domain: _domain, ...types } = typed.types;
          return wallet.signTypedData(typed.domain, types, typed.message);
        }
        case 'eth_sendTransaction': {
          const tx = list[0] as TransactionRequest & { gas?: string };
          const sent = await wallet.sendTransaction({ ...tx, gasLimit: tx.gasLimit ?? tx.gas, from: undefined });
          return sent.hash;
        }
        default:
          return rpc.send(method, list);
      }
    },
  };

  const info = {
    uuid: 'a3b9f2c4-7d1e-4f6a-9b8c-5e2d1f0a4c7b',
    name: 'Terra Mater Dev Wallet',
    rdns: 'local.terramater.devwallet',
    icon:
      'data:image/svg+xml;base64,' +
      btoa(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ff343f"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">D</text></svg>',
      ),
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
