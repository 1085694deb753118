import { randomBytes } from 'node:crypto';
import { JsonRpcProvider, Wallet, getBytes, isHexString, toUtf8String, type TransactionRequest } from 'ethers';

/**
 * The wallet half that lives in the test process: it holds an anvil key, signs, keeps the
 * authorisation and the selected chain across page reloads, can be told to reject the next
 * request of a kind, and forwards everything else to anvil. The page half (an EIP-6963
 * provider) is injected by `injectedProviderScript` and calls `handle` through a binding.
 */
export interface WalletReply {
  result?: unknown;
  error?: { code: number; message: string };
  /** EIP-1193 events the page-side provider emits after answering. */
  events?: [string, unknown][];
}

const hex = (value: number) => `0x${value.toString(16)}`;

/** One call of a wallet batch, as `wallet_sendCalls` carries it. */
interface BatchCall {
  to: string;
  data?: string;
  value?: string;
}

interface BatchReceiptJson {
  logs: { address: string; data: string; topics: string[] }[];
  status: '0x1' | '0x0';
  blockHash: string;
  blockNumber: string;
  gasUsed: string;
  transactionHash: string;
}

export interface SentBatch {
  calls: BatchCall[];
  atomicRequired: boolean;
  /** Set once the batch ran: 200 confirmed, 500 reverted (rolled back), 400 could not be sent. */
  result?: { status: number; receipts: BatchReceiptJson[] };
  done?: Promise<void>;
}

export class TestWallet {
  wallet: Wallet;
  readonly rpc: JsonRpcProvider;
  authorised = false;
  chainId: number;
  readonly knownChains: Set<number>;
  readonly requests: { method: string; params: unknown[] }[] = [];
  readonly addedChains: unknown[] = [];
  /** The tokens the app asked the wallet to track (`wallet_watchAsset` params). */
  readonly watchedAssets: unknown[] = [];
  /** Hashes of the transactions the page had the wallet send, in order. */
  readonly sentHashes: string[] = [];
  /**
   * Whether the wallet sends atomic batches (EIP-5792): `wallet_getCapabilities` says so and
   * `wallet_sendCalls` works. Off by default, as most wallets today: plans run step by step.
   */
  batching = false;
  /** The batches the page sent, by id: their calls and, once run, how they ended. */
  readonly batches = new Map<string, SentBatch>();
  private heldBatch: Promise<void> | null = null;
  private readonly rejectNext = new Set<string>();
  private readonly holdNext = new Map<string, Promise<void>>();

  constructor(
    privateKey: string,
    rpcUrl: string,
    readonly homeChainId = 31337,
  ) {
    this.rpc = new JsonRpcProvider(rpcUrl, homeChainId, {
      staticNetwork: true,
      cacheTimeout: -1,
      pollingInterval: 200,
    });
    this.wallet = new Wallet(privateKey, this.rpc);
    this.chainId = homeChainId;
    this.knownChains = new Set([homeChainId, 1]);
  }

  get address(): string {
    return this.wallet.address;
  }

  /** Switches the account the wallet answers with (the page must then be told: accountsChanged). */
  useAccount(privateKey: string): void {
    this.wallet = new Wallet(privateKey, this.rpc);
  }

  /** The next request of this method is answered with error 4001 (user rejected). */
  rejectNextRequest(method: string): void {
    this.rejectNext.add(method);
  }

  /** The next request of this method waits (its prompt stays open) until the returned function is called. */
  holdNextRequest(method: string): () => void {
    let release!: () => void;
    this.holdNext.set(method, new Promise<void>((resolve) => (release = resolve)));
    return release;
  }

  /**
   * The next batch is accepted (its id returned) but not run until the returned function is called:
   * meanwhile `wallet_getCallsStatus` says pending, as a batch waiting for its block would.
   */
  holdNextBatch(): () => void {
    let release!: () => void;
    this.heldBatch = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  /**
   * Runs a batch's calls in order as real transactions from the account, atomically: when one
   * reverts, the chain goes back to before the first (evm_snapshot / evm_revert) and the batch ends
   * 500 with the receipts seen. A call whose estimate fails is still sent (fixed gas), so it is
   * mined and reverts, as a wallet that lets the user confirm it would.
   */
  private async runBatch(batch: SentBatch, held: Promise<void> | null): Promise<void> {
    await held;
    const snapshot = (await this.rpc.send('evm_snapshot', [])) as string;
    const receipts: BatchReceiptJson[] = [];
    for (const call of batch.calls) {
      const request = { to: call.to, data: call.data, value: BigInt(call.value ?? '0x0') };
      const gasLimit = await this.wallet.estimateGas(request).catch(() => 3_000_000n);
      const sent = await this.wallet.sendTransaction({ ...request, gasLimit });
      this.sentHashes.push(sent.hash);
      // Not `sent.wait()`: it throws on a reverted receipt, which is what this needs to see.
      let receipt = await this.rpc.getTransactionReceipt(sent.hash);
      while (!receipt) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        receipt = await this.rpc.getTransactionReceipt(sent.hash);
      }
      receipts.push({
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: [...log.topics] })),
        status: receipt.status === 1 ? '0x1' : '0x0',
        blockHash: receipt.blockHash,
        blockNumber: hex(receipt.blockNumber),
        gasUsed: hex(Number(receipt.gasUsed)),
        transactionHash: receipt.hash,
      });
      if (receipt.status !== 1) {
        await this.rpc.send('evm_revert', [snapshot]);
        batch.result = { status: 500, receipts };
        return;
      }
    }
    batch.result = { status: 200, receipts };
  }

  /**
   * The wallet's "Speed up" or "Cancel" on a transaction still waiting in the node's pool: the same
   * nonce signed again at a higher fee, either the same call (speed up) or a 0-value transfer to
   * the account itself (cancel). The node drops the first one for it. Resolves with the new hash.
   */
  async replacePending(hash: string, how: 'speed-up' | 'cancel'): Promise<string> {
    const pending = await this.rpc.getTransaction(hash);
    if (!pending || pending.blockNumber !== null) throw new Error(`${hash} is not waiting in the pool`);
    const higher = (fee: bigint | null) => (fee ?? 0n) * 2n + 1_000_000_000n;
    const cancel = how === 'cancel';
    const sent = await this.wallet.sendTransaction({
      type: 2,
      nonce: pending.nonce,
      maxFeePerGas: higher(pending.maxFeePerGas ?? pending.gasPrice),
      maxPriorityFeePerGas: higher(pending.maxPriorityFeePerGas ?? pending.gasPrice),
      gasLimit: cancel ? 21_000n : pending.gasLimit,
      to: cancel ? this.address : pending.to,
      data: cancel ? '0x' : pending.data,
      value: cancel ? 0n : pending.value,
    });
    return sent.hash;
  }

  /** Puts the wallet on another chain, optionally one it does not know yet (so switching answers 4902). */
  useChain(chainId: number, { forgetHome = false } = {}): void {
    this.chainId = chainId;
    this.knownChains.add(chainId);
    if (forgetHome) this.knownChains.delete(this.homeChainId);
  }

  async handle(method: string, params: unknown[] = []): Promise<WalletReply> {
    this.requests.push({ method, params });
    const held = this.holdNext.get(method);
    if (held) {
      this.holdNext.delete(method);
      await held;
    }
    if (this.rejectNext.delete(method)) return { error: { code: 4001, message: 'User rejected the request.' } };
    try {
      return await this.answer(method, params);
    } catch (error) {
      const candidate = error as { code?: unknown; message?: string };
      return {
        error: {
          code: typeof candidate.code === 'number' ? candidate.code : -32603,
          message: candidate.message ?? String(error),
        },
      };
    }
  }

  private async answer(method: string, params: unknown[]): Promise<WalletReply> {
    switch (method) {
      case 'eth_requestAccounts':
        this.authorised = true;
        return {
          result: [this.address],
          events: [
            ['accountsChanged', [this.address]],
            ['connect', { chainId: hex(this.chainId) }],
          ],
        };
      case 'eth_accounts':
        return { result: this.authorised ? [this.address] : [] };
      case 'eth_chainId':
        return { result: hex(this.chainId) };
      case 'net_version':
        return { result: String(this.chainId) };
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId: string }).chainId);
        if (!this.knownChains.has(target))
          return { error: { code: 4902, message: `Unrecognized chain ID ${hex(target)}` } };
        this.chainId = target;
        return { result: null, events: [['chainChanged', hex(target)]] };
      }
      case 'wallet_addEthereumChain': {
        const chain = params[0] as { chainId: string };
        this.addedChains.push(chain);
        this.knownChains.add(Number(chain.chainId));
        return { result: null };
      }
      case 'wallet_watchAsset':
        // EIP-747's params are one object; the page-side bridge (below) hands every request's params over as a list.
        this.watchedAssets.push(params[0]);
        return { result: true };
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return { result: [] };
      case 'personal_sign': {
        const raw = String(params[0]);
        let message: string | Uint8Array = raw;
        if (isHexString(raw)) {
          try {
            message = toUtf8String(raw);
          } catch {
            message = getBytes(raw);
          }
        }
        return { result: await this.wallet.signMessage(message) };
      }
      case 'wallet_getCapabilities':
        if (!this.batching) return { error: { code: 4200, message: 'The wallet does not support this method.' } };
        return { result: { [hex(this.chainId)]: { atomic: { status: 'supported' } } } };
      case 'wallet_sendCalls': {
        if (!this.batching) return { error: { code: 4200, message: 'The wallet does not support this method.' } };
        const request = params[0] as { calls: BatchCall[]; atomicRequired?: boolean };
        const id = `0x${randomBytes(32).toString('hex')}`;
        const batch: SentBatch = { calls: request.calls, atomicRequired: request.atomicRequired === true };
        this.batches.set(id, batch);
        const held = this.heldBatch;
        this.heldBatch = null;
        batch.done = this.runBatch(batch, held).catch((error: unknown) => {
          batch.result = { status: 400, receipts: [] };
          console.warn('test wallet batch failed', error);
        });
        return { result: { id } };
      }
      case 'wallet_getCallsStatus': {
        const batch = this.batches.get(String(params[0]));
        if (!batch) return { error: { code: 5730, message: 'Unknown bundle id.' } };
        const { status, receipts } = batch.result ?? { status: 100, receipts: [] };
        return {
          result: { version: '2.0.0', id: params[0], chainId: hex(this.chainId), status, atomic: true, receipts },
        };
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as TransactionRequest & { gas?: string };
        const sent = await this.wallet.sendTransaction({ ...tx, gasLimit: tx.gasLimit ?? tx.gas, from: undefined });
        this.sentHashes.push(sent.hash);
        return { result: sent.hash };
      }
      default:
        return { result: await this.rpc.send(method, params) };
    }
  }
}

/** Page-side provider, injected before any page script. Skips iframes (Web3Modal's own). */
export const injectedProviderScript = `(() => {
  if (window.top !== window) return;
  const listeners = new Map();
  const provider = {
    isTerraMaterTestWallet: true,
    on(event, fn) { if (!listeners.has(event)) listeners.set(event, new Set()); listeners.get(event).add(fn); return provider; },
    removeListener(event, fn) { listeners.get(event)?.delete(fn); return provider; },
    emit(event, ...args) { listeners.get(event)?.forEach((fn) => { try { fn(...args); } catch (e) { console.warn(e); } }); return true; },
    async request({ method, params }) {
      const reply = await window.__terraMaterWallet(method, Array.isArray(params) ? params : params === undefined ? [] : [params]);
      for (const [event, payload] of reply.events ?? []) setTimeout(() => provider.emit(event, payload), 0);
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
  };
  const info = Object.freeze({
    uuid: '7b3e6c1d-2f4a-4c8e-9d5b-1a2b3c4d5e6f',
    name: 'Terra Mater Test Wallet',
    rdns: 'test.terramater.wallet',
    icon: 'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3d8bff"/></svg>'),
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  window.__terraMaterTestProvider = provider;
  announce();
})();`;
