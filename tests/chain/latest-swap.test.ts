/**
 * The dashboard's "Latest Swap transaction" read (deployed-system.md §C6.1) against the reference contracts on a fresh
 * anvil: it finds the filled order with the highest id by reading back from the newest order, and it
 * does not read the whole book. Every JSON-RPC call the app's provider sends is counted.
 */
import { Interface, Wallet, type JsonRpcPayload, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, type Deployment } from '../../contracts/deploy/deploy.ts';
import type { Address } from '@/config/env';
import { latestFilledOrder } from '@/features/dashboard/api/figures';
import { LATEST_SWAP_FIRST_STEP, getLatestSwap } from '@/features/dashboard/api/get-latest-swap';
import { ERC20_ABI } from '@/lib/chain/contracts/erc20';
import { SWAP_ABI, getOrders } from '@/lib/chain/contracts/swap';
import { ORDER_STATUS } from '@/lib/chain/contracts/swap-order';
import { createReadProvider } from '@/lib/chain/provider';

const swapIface = new Interface(SWAP_ABI);
const erc20 = new Interface(ERC20_ABI);
const NAT = 10n ** 18n;

let anvil: AnvilHandle;
let d: Deployment;
let seeder: JsonRpcProvider;
let swap: Address;

/** The app's read provider, with every JSON-RPC call it sends recorded (a batch is one HTTP request). */
function countingProvider() {
  const provider = createReadProvider(anvil.url, d.chainId);
  const log = { requests: 0, calls: [] as { name: string; id?: number }[] };
  const send = provider._send.bind(provider);
  provider._send = (payload: JsonRpcPayload | JsonRpcPayload[]) => {
    log.requests += 1;
    for (const call of Array.isArray(payload) ? payload : [payload]) {
      const [tx] = call.params as [{ data?: string }];
      const parsed = call.method === 'eth_call' && tx.data ? swapIface.parseTransaction({ data: tx.data }) : null;
      log.calls.push(
        parsed
          ? { name: parsed.name, id: parsed.name === 'getOrderById' ? Number(parsed.args[0]) : undefined }
          : { name: call.method },
      );
    }
    return send(payload);
  };
  return { provider, log };
}

/** Sends the transactions from dev account `index`, one nonce after another, and waits for the last. */
async function sendAll(index: number, txs: { to: string; data: string }[]): Promise<void> {
  const wallet = new Wallet(d.accounts[index]!.privateKey, seeder);
  let nonce = await seeder.getTransactionCount(wallet.address, 'pending');
  let last = '';
  for (const tx of txs) {
    const sent = await wallet.sendTransaction({ ...tx, nonce: nonce++, gasLimit: 500_000n });
    last = sent.hash;
  }
  const receipt = await seeder.waitForTransaction(last);
  expect(receipt?.status).toBe(1);
}

/** `count` open orders from dev account 1: 1 NAT for 1 USDT each. */
async function openOrders(count: number): Promise<void> {
  const create = swapIface.encodeFunctionData('createOrder', [d.contracts.natura, NAT, 1_000_000n, 'sell']);
  await sendAll(
    1,
    Array.from({ length: count }, () => ({ to: swap, data: create })),
  );
}

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 });
  d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
  seeder = createReadProvider(anvil.url, d.chainId, { pollingInterval: 20 });
  swap = d.contracts.swap as Address;
  const max = (1n << 255n) - 1n;
  await sendAll(1, [{ to: d.contracts.natura, data: erc20.encodeFunctionData('approve', [swap, max]) }]);
  await sendAll(3, [{ to: d.contracts.usdt, data: erc20.encodeFunctionData('approve', [swap, max]) }]);
});

afterAll(async () => {
  seeder?.destroy();
  await anvil?.stop();
});

describe('the latest successful swap (dashboard)', () => {
  it('is found among the newest orders in two HTTP requests, never reading the whole book', async () => {
    // The seeded book ends with a fill at id 6; 150 open orders follow; then order 150 is filled.
    await openOrders(150);
    await sendAll(3, [{ to: swap, data: swapIface.encodeFunctionData('swap', [150]) }]);
    const book = await getOrders(seeder, swap);
    expect(book).toHaveLength(158);
    expect(book[150]?.status).toBe(ORDER_STATUS.filled);

    const { provider, log } = countingProvider();
    try {
      const latest = await getLatestSwap(provider, swap);
      expect(latest).toEqual(latestFilledOrder(book));
      expect(latest?.id).toBe(150);
      // ordersCount, then the newest 16 orders (142 … 157) in one batch.
      expect(log.requests).toBe(2);
      expect(log.calls.map((call) => call.name)).toEqual([
        'ordersCount',
        ...Array<string>(LATEST_SWAP_FIRST_STEP).fill('getOrderById'),
      ]);
      expect(Math.min(...log.calls.flatMap((call) => (call.id === undefined ? [] : [call.id])))).toBe(
        158 - LATEST_SWAP_FIRST_STEP,
      );
    } finally {
      provider.destroy();
    }
  });

  it('reads further back in growing steps when the newest orders hold no fill, and stops at the fill', async () => {
    // 60 more open orders: the fill at id 150 is now 68 orders from the end (ids 0 … 217).
    await openOrders(60);
    const book = await getOrders(seeder, swap);
    expect(book).toHaveLength(218);

    const { provider, log } = countingProvider();
    try {
      const latest = await getLatestSwap(provider, swap);
      expect(latest).toEqual(latestFilledOrder(book));
      expect(latest?.id).toBe(150);
      // Steps of 16, 32 and 64 orders: ids 202 … 217, 170 … 201, 106 … 169.
      const ids = log.calls.flatMap((call) => (call.id === undefined ? [] : [call.id]));
      expect(log.calls.filter((call) => call.name === 'getOrders')).toHaveLength(0);
      expect(ids).toHaveLength(16 + 32 + 64);
      expect(Math.min(...ids)).toBe(106);
      expect(log.requests).toBe(4);
    } finally {
      provider.destroy();
    }
  });
});
