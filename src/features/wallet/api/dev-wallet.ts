// Local profile only. This module is imported behind `import.meta.env.VITE_DEV_WALLET === 'true'`,
// which Vite replaces at build time, so production builds do not contain it (a test checks).
import {
  JsonRpcProvider,
  Wallet,
  getBytes,
  hexlify,
  isHexString,
  randomBytes,
  toQuantity,
  toUtf8String,
  type TransactionRequest,
} from 'ethers';
import { getItem, setItem } from '@/lib/session/browser-storage';

/** anvil's well-known dev account #1 (never holds real value). */
const DEV_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const AUTH_KEY = 'terra-mater:dev-wallet-authorised';
/**
 * "on": the dev wallet sends atomic batches (EIP-5792), so a plan's approval and action take one
 * confirmation; anything else (the default): it answers as a wallet without them. Read on every
 * request, so `localStorage.setItem(…, 'on')` in the console switches it (the app asks once per page load).
 */
const BATCHING_KEY = 'terra-mater:dev-wallet-batching';

interface BatchCall {
  to: string;
  data?: string;
  value?: string;
}

interface BatchStatus {
  status: number;
  receipts: {
    status: string;
    blockHash: string;
    blockNumber: string;
    gasUsed: string;
    transactionHash: string;
    logs: unknown[];
  }[];
}

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
  const batching = () => getItem(BATCHING_KEY) === 'on';
  const batches = new Map<string, BatchStatus>();

  /** Runs the calls in order; one that reverts takes the others back with it (evm_snapshot / evm_revert). */
  async function runBatch(id: string, calls: BatchCall[]): Promise<void> {
    const snapshot = (await rpc.send('evm_snapshot', [])) as string;
    const receipts: BatchStatus['receipts'] = [];
    try {
      for (const call of calls) {
        const request = { to: call.to, data: call.data ?? '0x', value: BigInt(call.value ?? '0x0') };
        // A call that would revert is still sent, as a wallet whose user confirms it anyway would.
        const gasLimit = await wallet.estimateGas(request).catch(() => 3_000_000n);
        const sent = await wallet.sendTransaction({ ...request, gasLimit });
        const receipt = await rpc.waitForTransaction(sent.hash);
        if (!receipt) throw new Error(`No receipt for ${sent.hash}.`);
        receipts.push({
          status: receipt.status === 1 ? '0x1' : '0x0',
          blockHash: receipt.blockHash,
          blockNumber: toQuantity(receipt.blockNumber),
          gasUsed: toQuantity(receipt.gasUsed),
          transactionHash: receipt.hash,
          logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: [...log.topics] })),
        });
        if (receipt.status !== 1) {
          await rpc.send('evm_revert', [snapshot]);
          batches.set(id, { status: 500, receipts });
          return;
        }
      }
      batches.set(id, { status: 200, receipts });
    } catch {
      await rpc.send('evm_revert', [snapshot]).catch(() => undefined);
      batches.set(id, { status: 400, receipts: [] });
    }
  }

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
        case 'wallet_getCapabilities':
          if (!batching()) throw rpcError(4200, 'The dev wallet sends no batches (terra-mater:dev-wallet-batching).');
          return { [chainHex]: { atomic: { status: 'supported' } } };
        case 'wallet_sendCalls': {
          if (!batching()) throw rpcError(4200, 'The dev wallet sends no batches (terra-mater:dev-wallet-batching).');
          const id = hexlify(randomBytes(32));
          batches.set(id, { status: 100, receipts: [] });
          void runBatch(id, (list[0] as { calls: BatchCall[] }).calls);
          return { id };
        }
        case 'wallet_getCallsStatus': {
          const id = String(list[0]);
          const batch = batches.get(id);
          if (!batch) throw rpcError(5730, 'Unknown bundle id.');
          return { version: '2.0.0', id, chainId: chainHex, atomic: true, ...batch };
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
