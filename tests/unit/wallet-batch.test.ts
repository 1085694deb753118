/**
 * One confirmation where the wallet can (EIP-5792, lib/tx/batch.ts): what the wallet's capabilities
 * say, how a batch's status reads, and a plan run as one batch through the same lifecycle states.
 */
import { AbiCoder, type TransactionReceipt } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import {
  atomicSupported,
  BATCH_NOT_SENT,
  batchOutcomeOf,
  canBatch,
  runBatch,
  type BatchTarget,
  type WalletRpc,
} from '@/lib/tx/batch';
import { AppError } from '@/lib/errors/app-error';
import type { TxState } from '@/lib/tx/transaction';

const CHAIN = 31337;
const CHAIN_HEX = '0x7a69';
const USDT = '0x1000000000000000000000000000000000000000';
const COLLECTION = '0x2000000000000000000000000000000000000000';
const BATCH_ID = `0x${'12'.repeat(32)}`;
const APPROVE_HASH = `0x${'aa'.repeat(32)}`;
const MINT_HASH = `0x${'bb'.repeat(32)}`;
const revertData = (reason: string) => `0x08c379a0${AbiCoder.defaultAbiCoder().encode(['string'], [reason]).slice(2)}`;

let accounts = 0;
/** A new account per test: capabilities are remembered per account and chain for the page's life. */
const freshAccount = () => `0x${(++accounts).toString(16).padStart(40, '0')}`;

/** A wallet that answers from `answers` by method (a function may throw) and records what it was asked. */
function fakeWallet(answers: Record<string, (params: unknown[]) => unknown>) {
  const asked: { method: string; params: unknown[] }[] = [];
  const wallet: WalletRpc = {
    send: (method, params) => {
      asked.push({ method, params });
      const answer = answers[method];
      if (!answer) return Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 }));
      return new Promise((resolve) => resolve(answer(params)));
    },
  };
  return { wallet, asked };
}

function write(step: string, to: string, data: string, replayError?: Error): PreparedWrite {
  return {
    step,
    contractName: step === 'approve' ? 'USDT' : 'NFT',
    label: step,
    estimateGas: () => Promise.resolve(50_000n),
    send: () => Promise.reject(new Error('a batched write is never sent alone')),
    replay: () =>
      new Promise((resolve) => {
        if (replayError) throw replayError;
        resolve(undefined);
      }),
    call: () => Promise.resolve({ to, data, value: 0n }),
  };
}

const receiptJson = (hash: string, status: '0x1' | '0x0') => ({
  transactionHash: hash,
  blockNumber: '0x10',
  blockHash: `0x${'cd'.repeat(32)}`,
  gasUsed: '0x5208',
  status,
  logs: [],
});

async function run(
  statuses: unknown[],
  options: { sendCalls?: () => unknown; mintReplay?: Error } = {},
): Promise<{ states: TxState[]; result: Promise<TransactionReceipt>; asked: { method: string; params: unknown[] }[] }> {
  const plan = [
    write('approve', USDT, '0x095ea7b3', undefined),
    write('mint', COLLECTION, '0xa0712d68', options.mintReplay),
  ];
  const queue = [...statuses];
  const { wallet, asked } = fakeWallet({
    wallet_sendCalls: options.sendCalls ?? (() => ({ id: BATCH_ID })),
    wallet_getCallsStatus: () => queue.shift(),
  });
  const target: BatchTarget = {
    wallet,
    chainId: CHAIN,
    from: freshAccount(),
    receiptOf: (hash) => Promise.resolve({ hash, status: 1 } as unknown as TransactionReceipt),
  };
  const states: TxState[] = [];
  const result = runBatch(plan, target, { onState: (state) => states.push(state) });
  result.catch(() => undefined);
  await result.catch(() => undefined);
  return { states, result, asked };
}

describe('capability detection', () => {
  it('supported or ready atomic batches on the chain: batch; asked once per account and chain', async () => {
    const { wallet, asked } = fakeWallet({
      wallet_getCapabilities: () => ({ [CHAIN_HEX]: { atomic: { status: 'supported' } } }),
    });
    const account = freshAccount();
    expect(await canBatch(wallet, account, CHAIN)).toBe(true);
    expect(await canBatch(wallet, account, CHAIN)).toBe(true);
    expect(asked).toEqual([{ method: 'wallet_getCapabilities', params: [account, [CHAIN_HEX]] }]);
    expect(atomicSupported({ [CHAIN_HEX]: { atomic: { status: 'ready' } } }, CHAIN)).toBe(true);
    // "0x0": every chain.
    expect(atomicSupported({ '0x0': { atomic: { status: 'supported' } } }, CHAIN)).toBe(true);
  });

  it('unsupported, missing or for another chain only: steps', async () => {
    const { wallet } = fakeWallet({
      wallet_getCapabilities: () => ({ [CHAIN_HEX]: { atomic: { status: 'unsupported' } } }),
    });
    expect(await canBatch(wallet, freshAccount(), CHAIN)).toBe(false);
    expect(atomicSupported({ [CHAIN_HEX]: {} }, CHAIN)).toBe(false);
    expect(atomicSupported({ '0x89': { atomic: { status: 'supported' } } }, CHAIN)).toBe(false);
    expect(atomicSupported(null, CHAIN)).toBe(false);
  });

  it('an error (no such method, 4200, anything): steps', async () => {
    const unknownMethod = fakeWallet({});
    expect(await canBatch(unknownMethod.wallet, freshAccount(), CHAIN)).toBe(false);
    const unsupported = fakeWallet({
      wallet_getCapabilities: () => {
        throw Object.assign(new Error('Unsupported method'), { code: 4200 });
      },
    });
    expect(await canBatch(unsupported.wallet, freshAccount(), CHAIN)).toBe(false);
  });
});

describe('batch status mapping', () => {
  it('reads 1xx as pending, 2xx as confirmed, 4xx as not sent, 5xx and 600 as reverted', () => {
    expect(batchOutcomeOf({ status: 100, receipts: [] })).toEqual({ kind: 'pending' });
    expect(batchOutcomeOf({ status: 'PENDING' })).toEqual({ kind: 'pending' });
    expect(batchOutcomeOf({ status: 200, receipts: [receiptJson(MINT_HASH, '0x1')] })).toEqual({
      kind: 'confirmed',
      receipts: [{ transactionHash: MINT_HASH, blockNumber: 16, success: true }],
    });
    // Confirmed, but a receipt says a call failed: a revert.
    expect(batchOutcomeOf({ status: 200, receipts: [receiptJson(MINT_HASH, '0x0')] }).kind).toBe('reverted');
    expect(batchOutcomeOf({ status: 400 })).toEqual({ kind: 'failed' });
    expect(batchOutcomeOf({ status: 500, receipts: [receiptJson(MINT_HASH, '0x0')] }).kind).toBe('reverted');
    expect(batchOutcomeOf({ status: 600, receipts: [] }).kind).toBe('reverted');
    expect(() => batchOutcomeOf({ status: 'weird' })).toThrow(AppError);
  });

  it('pending then confirmed: one wallet_sendCalls with both calls, atomic required; the action’s receipt', async () => {
    const { states, result, asked } = await run([
      { status: 100 },
      { status: 200, receipts: [receiptJson(APPROVE_HASH, '0x1'), receiptJson(MINT_HASH, '0x1')] },
    ]);
    await expect(result).resolves.toMatchObject({ hash: MINT_HASH });
    expect(states.map((state) => state.status)).toEqual(['preparing', 'awaiting-wallet', 'pending', 'confirmed']);
    expect(states[2]).toEqual({ status: 'pending', step: 'mint', hash: BATCH_ID, batch: true });
    const sent = asked.find((request) => request.method === 'wallet_sendCalls');
    expect(sent?.params[0]).toMatchObject({
      version: '2.0.0',
      chainId: CHAIN_HEX,
      atomicRequired: true,
      calls: [
        { to: USDT, data: '0x095ea7b3', value: '0x0' },
        { to: COLLECTION, data: '0xa0712d68', value: '0x0' },
      ],
    });
    expect(asked.filter((request) => request.method === 'wallet_getCallsStatus')).toHaveLength(2);
  });

  it('reverted on chain (500): the failing call’s reason decoded by replaying it, as a step’s would be', async () => {
    const { states, result } = await run(
      [{ status: 500, receipts: [receiptJson(APPROVE_HASH, '0x1'), receiptJson(MINT_HASH, '0x0')] }],
      { mintReplay: Object.assign(new Error('execution reverted'), { data: revertData('NFT: token already minted') }) },
    );
    await expect(result).rejects.toMatchObject({ kind: 'reverted', details: { reason: 'NFT: token already minted' } });
    expect(states.at(-1)).toMatchObject({ status: 'reverted', reason: 'NFT: token already minted', hash: MINT_HASH });
  });

  it('rejected in the wallet (4001): rejected, nothing followed', async () => {
    const { states, result, asked } = await run([], {
      sendCalls: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(result).rejects.toMatchObject({ kind: 'wallet-rejected' });
    expect(states.map((state) => state.status)).toEqual(['preparing', 'awaiting-wallet', 'rejected']);
    expect(asked.some((request) => request.method === 'wallet_getCallsStatus')).toBe(false);
  });

  it('an offchain failure (400): failed, nothing was done on chain', async () => {
    const { states, result } = await run([{ status: 400 }]);
    await expect(result).rejects.toMatchObject({ details: { reason: BATCH_NOT_SENT } });
    expect(states.at(-1)).toMatchObject({ status: 'failed', step: 'mint' });
  });
});
