/**
 * The one transaction lifecycle, driven through a real ethers BrowserProvider whose EIP-1193
 * wallet is a fake: the error shapes are the ones wallets and nodes really produce.
 */
import { AbiCoder, BrowserProvider, type Eip1193Provider, type Signer } from 'ethers';
import { describe, expect, it } from 'vitest';
import { mintNft } from '@/lib/chain/contracts/nft-collection';
import { runTransaction, type TxState } from '@/lib/tx/transaction';
import { AppError } from '@/lib/errors/app-error';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const COLLECTION = '0x2000000000000000000000000000000000000000';
const HASH = `0x${'ab'.repeat(32)}`;
const BLOCK_HASH = `0x${'cd'.repeat(32)}`;
const revertData = (reason: string) => `0x08c379a0${AbiCoder.defaultAbiCoder().encode(['string'], [reason]).slice(2)}`;

interface WalletScript {
  estimateGas?: () => unknown;
  sendTransaction?: () => unknown;
  receiptStatus?: '0x1' | '0x0';
  receipt?: (hash: string) => unknown;
  call?: () => unknown;
  /** The sender's mined transaction count at a block tag; unset: 1 everywhere. */
  transactionCount?: (blockTag: string) => string;
  /** A block with its full transactions (the nonce search); unset: the fee block below. */
  block?: (blockTag: string) => unknown;
  /** Answers eth_gasPrice, eth_maxPriorityFeePerGas and the latest block (with its base fee); unset: they fail. */
  fees?: { baseFee: string; priorityFee: string; gasPrice: string };
}

/** An EIP-1193 wallet on chain 31337 that answers from a script and records what it was asked. */
function fakeWallet(script: WalletScript = {}) {
  const calls: { method: string; params: unknown[] }[] = [];
  let sentTx: Record<string, string> | undefined;
  const request = ({ method, params = [] }: { method: string; params?: unknown[] }): Promise<unknown> => {
    calls.push({ method, params });
    const answer = (): unknown => {
      switch (method) {
        case 'eth_chainId':
          return '0x7a69';
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [ACCOUNT];
        case 'eth_blockNumber':
          return '0xa';
        case 'eth_getTransactionCount':
          return script.transactionCount ? script.transactionCount(String(params[1])) : '0x1';
        case 'eth_estimateGas':
          return script.estimateGas ? script.estimateGas() : '0x186a0';
        case 'eth_sendTransaction':
          if (script.sendTransaction) return script.sendTransaction();
          sentTx = params[0] as Record<string, string>;
          return HASH;
        case 'eth_call':
          return script.call ? script.call() : '0x';
        case 'eth_gasPrice':
          if (!script.fees) throw new Error('eth_gasPrice unavailable');
          return script.fees.gasPrice;
        case 'eth_maxPriorityFeePerGas':
          if (!script.fees) throw new Error('eth_maxPriorityFeePerGas unavailable');
          return script.fees.priorityFee;
        case 'eth_getBlockByNumber':
          if (script.block) return script.block(String(params[0]));
          if (!script.fees) throw new Error('eth_getBlockByNumber unavailable');
          return {
            hash: BLOCK_HASH,
            parentHash: `0x${'ee'.repeat(32)}`,
            number: '0xa',
            timestamp: '0x6543a000',
            nonce: '0x0000000000000000',
            difficulty: '0x0',
            gasLimit: '0x1c9c380',
            gasUsed: '0x0',
            miner: ACCOUNT,
            extraData: '0x',
            baseFeePerGas: script.fees.baseFee,
            transactions: [],
          };
        case 'eth_getTransactionByHash':
          return {
            hash: HASH,
            from: ACCOUNT,
            to: COLLECTION,
            nonce: '0x0',
            gas: sentTx?.gas ?? '0x0',
            gasPrice: '0x1',
            value: '0x0',
            input: sentTx?.data ?? '0x',
            blockNumber: '0xa',
            blockHash: BLOCK_HASH,
            transactionIndex: '0x0',
            type: '0x0',
            chainId: '0x7a69',
            v: '0x1b',
            r: `0x${'11'.repeat(32)}`,
            s: `0x${'22'.repeat(32)}`,
          };
        case 'eth_getTransactionReceipt':
          if (script.receipt) return script.receipt(String(params[0]));
          return {
            transactionHash: HASH,
            blockHash: BLOCK_HASH,
            blockNumber: '0xa',
            transactionIndex: '0x0',
            from: ACCOUNT,
            to: COLLECTION,
            gasUsed: '0x5208',
            cumulativeGasUsed: '0x5208',
            effectiveGasPrice: '0x1',
            contractAddress: null,
            logs: [],
            logsBloom: `0x${'00'.repeat(256)}`,
            status: script.receiptStatus ?? '0x1',
            type: '0x0',
          };
        default:
          throw new Error(`unexpected wallet call ${method}`);
      }
    };
    try {
      return Promise.resolve(answer());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const methods = () => calls.map((c) => c.method);
  const provider: Eip1193Provider = { request };
  return { provider, calls, methods };
}

/** A JSON-RPC error object as a wallet rejects with it (thrown, not an Error subclass). */
function rpcError(code: number, message: string, data?: unknown): never {
  throw Object.assign(new Error(message), { code, data });
}

async function signerFor(wallet: ReturnType<typeof fakeWallet>): Promise<Signer> {
  return new BrowserProvider(wallet.provider, 31337, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 10,
  }).getSigner(ACCOUNT);
}

async function runMint(wallet: ReturnType<typeof fakeWallet>) {
  const states: TxState[] = [];
  const signer = await signerFor(wallet);
  const result = runTransaction(mintNft(signer, COLLECTION, 6n, 25_000_000n), { onState: (s) => states.push(s) });
  return { states, result };
}

describe('runTransaction', () => {
  it('estimates, asks the wallet with a 20 % gas margin, waits for the receipt', async () => {
    const wallet = fakeWallet();
    const { states, result } = await runMint(wallet);
    const receipt = await result;
    expect(receipt.hash).toBe(HASH);
    expect(receipt.status).toBe(1);
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'confirmed']);
    expect(states[2]).toMatchObject({ status: 'pending', step: 'mint', hash: HASH, sent: { from: ACCOUNT, nonce: 0 } });
    expect(states.every((s) => !('step' in s) || s.step === 'mint')).toBe(true);
    const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction')!.params[0] as Record<string, string>;
    expect(BigInt(sent.gas!)).toBe(120_000n); // estimate 100 000 + 20 %
    expect(sent.data!.slice(0, 10)).toBe('0x1b2ef1ca'); // mint(uint256,uint256)
    expect(wallet.methods().indexOf('eth_estimateGas')).toBeLessThan(wallet.methods().indexOf('eth_sendTransaction'));
  });

  it('estimates the network fee before the wallet prompt: gas limit × max fee per gas', async () => {
    // base fee 1 gwei, tip 1 gwei → max fee 2 × 1 + 1 = 3 gwei; gas limit 120 000 → 360 000 gwei.
    const wallet = fakeWallet({ fees: { baseFee: '0x3b9aca00', priorityFee: '0x3b9aca00', gasPrice: '0x3b9aca00' } });
    const { states, result } = await runMint(wallet);
    await result;
    expect(states[1]).toEqual({ status: 'awaiting-wallet', step: 'mint', fee: 360_000_000_000_000n });
    expect(wallet.methods().indexOf('eth_getBlockByNumber')).toBeLessThan(
      wallet.methods().indexOf('eth_sendTransaction'),
    );
  });

  it('says the fee is unknown when it cannot be estimated, and still asks the wallet', async () => {
    const wallet = fakeWallet();
    const { states, result } = await runMint(wallet);
    expect((await result).status).toBe(1);
    expect(states[1]).toEqual({ status: 'awaiting-wallet', step: 'mint', fee: null });
    expect(wallet.methods()).toContain('eth_sendTransaction');
  });

  it('treats wallet code 4001 as a rejection by the user, not a failure', async () => {
    const wallet = fakeWallet({ sendTransaction: () => rpcError(4001, 'User rejected the request.') });
    const { states, result } = await runMint(wallet);
    await expect(result).rejects.toMatchObject({ kind: 'wallet-rejected' });
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'rejected']);
  });

  it('recognises a WalletConnect-style rejection (own code, "User rejected" message)', async () => {
    const wallet = fakeWallet({ sendTransaction: () => rpcError(5000, 'User rejected.') });
    const { states, result } = await runMint(wallet);
    await expect(result).rejects.toMatchObject({ kind: 'wallet-rejected' });
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'rejected']);
  });

  it('surfaces a would-revert from the gas estimate with its reason, without asking the wallet', async () => {
    const wallet = fakeWallet({
      estimateGas: () =>
        rpcError(3, 'execution reverted: NFT: token already minted', revertData('NFT: token already minted')),
    });
    const { states, result } = await runMint(wallet);
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'reverted', details: { reason: 'NFT: token already minted' } });
    expect(states.map((s) => s.status)).toEqual(['preparing', 'reverted']);
    expect(states[1]).toMatchObject({ status: 'reverted', step: 'mint', reason: 'NFT: token already minted' });
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });

  it('reports a revert after sending, with the reason recovered by replaying the call', async () => {
    const wallet = fakeWallet({
      receiptStatus: '0x0',
      call: () => rpcError(3, 'execution reverted', revertData('NFT: insufficient USDT allowance')),
    });
    const { states, result } = await runMint(wallet);
    await expect(result).rejects.toMatchObject({
      kind: 'reverted',
      details: { reason: 'NFT: insufficient USDT allowance' },
    });
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'reverted']);
    expect(states[3]).toMatchObject({ status: 'reverted', hash: HASH });
    const replay = wallet.calls.find((c) => c.method === 'eth_call')!;
    expect(replay.params[1]).toBe('0x9'); // the parent block of the mined transaction
  });

  it('confirms a transaction mined just after the first receipt looks, on a chain that mines no further block', async () => {
    // ethers' wait looks once, then once more as it subscribes to new blocks; both find nothing.
    // The node mines it right then and stays at block 10, so a wait that re-checks only on a new
    // block would hang here.
    let looks = 0;
    const minedReceipt = fakeWallet().provider;
    const wallet = fakeWallet({
      receipt: () => {
        looks += 1;
        return looks <= 2 ? null : minedReceipt.request({ method: 'eth_getTransactionReceipt' });
      },
    });
    const { states, result } = await runMint(wallet);
    expect(await result).toMatchObject({ hash: HASH, status: 1, blockNumber: 10 });
    expect(looks).toBeGreaterThanOrEqual(3);
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'confirmed']);
  });

  it('keeps the hash when the receipt cannot be fetched after sending', async () => {
    const wallet = fakeWallet({ receipt: () => rpcError(-32603, 'Internal JSON-RPC error: connection refused') });
    const { states, result } = await runMint(wallet);
    await expect(result).rejects.toBeInstanceOf(AppError);
    expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'failed']);
    expect(states[3]).toMatchObject({ status: 'failed', step: 'mint', hash: HASH });
  });

  describe('followed by sender and nonce in the tab that sent it', () => {
    const REPLACEMENT = `0x${'ef'.repeat(32)}`;
    /** The chain after the wallet replaced HASH (nonce 0) by `replacement`, mined in block 10. */
    function replacedBy(replacement: { to: string; input: string; value: string }) {
      const receiptOf = fakeWallet().provider;
      return fakeWallet({
        receipt: (hash) =>
          hash === REPLACEMENT
            ? receiptOf
                .request({ method: 'eth_getTransactionReceipt' })
                .then((receipt) => ({ ...(receipt as object), transactionHash: REPLACEMENT, to: replacement.to }))
            : null,
        transactionCount: (blockTag) => (blockTag === 'latest' || blockTag === '0xa' ? '0x1' : '0x0'),
        block: (blockTag) => ({
          hash: BLOCK_HASH,
          parentHash: `0x${'ee'.repeat(32)}`,
          number: blockTag,
          timestamp: '0x6543a000',
          nonce: '0x0000000000000000',
          difficulty: '0x0',
          gasLimit: '0x1c9c380',
          gasUsed: '0x0',
          miner: ACCOUNT,
          extraData: '0x',
          transactions: [
            {
              hash: REPLACEMENT,
              from: ACCOUNT,
              nonce: '0x0',
              gas: '0x30d40',
              gasPrice: '0x2',
              blockNumber: '0xa',
              blockHash: BLOCK_HASH,
              transactionIndex: '0x0',
              type: '0x0',
              chainId: '0x7a69',
              v: '0x1b',
              r: `0x${'33'.repeat(32)}`,
              s: `0x${'44'.repeat(32)}`,
              ...replacement,
            },
          ],
        }),
      });
    }

    it('sped up in the wallet: confirms with the replacement’s receipt and names the first hash', async () => {
      // The replacement repeats the call the app sent (read when the block is asked for).
      let calls: { method: string; params: unknown[] }[] = [];
      const wallet = replacedBy({
        to: COLLECTION,
        get input() {
          const sent = calls.find((c) => c.method === 'eth_sendTransaction')?.params[0] as { data: string } | undefined;
          return sent?.data ?? '0x';
        },
        value: '0x0',
      });
      calls = wallet.calls;
      const { states, result } = await runMint(wallet);
      expect((await result).hash).toBe(REPLACEMENT);
      expect(states.map((s) => s.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'confirmed']);
      expect(states[3]).toMatchObject({ status: 'confirmed', spedUpFrom: HASH, receipt: { hash: REPLACEMENT } });
    });

    it('cancelled in the wallet (a 0-value transfer to itself): ends replaced, reason cancelled', async () => {
      const wallet = replacedBy({ to: ACCOUNT, input: '0x', value: '0x0' });
      const { states, result } = await runMint(wallet);
      await expect(result).rejects.toMatchObject({ kind: 'replaced', details: { reason: 'cancelled' } });
      expect(states.at(-1)).toEqual({
        status: 'replaced',
        step: 'mint',
        hash: HASH,
        replacement: REPLACEMENT,
        reason: 'cancelled',
      });
    });

    it('its nonce taken by an unrelated transaction: ends replaced (dropped)', async () => {
      const wallet = replacedBy({ to: COLLECTION, input: '0x', value: '0x5' });
      const { states, result } = await runMint(wallet);
      await expect(result).rejects.toMatchObject({ kind: 'replaced', details: { reason: 'replaced' } });
      expect(states.at(-1)).toMatchObject({ status: 'replaced', reason: 'replaced', replacement: REPLACEMENT });
    });
  });

  it('reports an unreachable node as a failure, not a revert', async () => {
    const wallet = fakeWallet({ estimateGas: () => rpcError(-32603, 'Internal JSON-RPC error: connection refused') });
    const { states, result } = await runMint(wallet);
    await expect(result).rejects.toBeInstanceOf(AppError);
    expect(states.map((s) => s.status)).toEqual(['preparing', 'failed']);
  });
});
