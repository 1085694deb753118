/**
 * Several read nodes (src/lib/chain/rpc-nodes.ts): the order nodes are tried in, cooling down and recovery, and both
 * read paths — the call runner and the provider — moving to the next node when one refuses, answers 429, answers a
 * whole-batch error or is on another chain, without the read failing. (A hanging node: e2e "RPC failover".)
 */
import { Interface } from 'ethers';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createCallRunner } from '@/lib/chain/call-runner';
import { NFT_COLLECTION_ABI, getNftBalance } from '@/lib/chain/contracts/nft-collection';
import { createReadProvider } from '@/lib/chain/provider';
import { createNodePool, HEDGE_AFTER_MS, sendToNodes } from '@/lib/chain/rpc-nodes';
import { server } from '../msw/server';

const [FIRST, SECOND] = ['http://node-one.test', 'http://node-two.test'];
const COLLECTION = '0x2000000000000000000000000000000000000001';
const HOLDER = '0x2000000000000000000000000000000000000002';
const balanceOfSeven = new Interface(NFT_COLLECTION_ABI).encodeFunctionResult('balanceOf', [7n]);

interface RpcCall {
  id: number | string;
  method: string;
}

/** A node on chain `chainId` that answers every call with `result`, counting the HTTP requests it got. */
function healthyNode(url: string, chainId = '0x7a69') {
  const hits = { count: 0 };
  server.use(
    http.post(url, async ({ request }) => {
      hits.count += 1;
      const body = (await request.json()) as RpcCall[] | RpcCall;
      const calls = Array.isArray(body) ? body : [body];
      const answers = calls.map((call) => ({
        jsonrpc: '2.0',
        id: call.id,
        result: call.method === 'eth_chainId' ? chainId : call.method === 'eth_blockNumber' ? '0x10' : balanceOfSeven,
      }));
      return HttpResponse.json(Array.isArray(body) ? answers : answers[0]);
    }),
  );
  return hits;
}

function failingNode(url: string, failure: 'refused' | '429' | 'batch error') {
  const hits = { count: 0 };
  server.use(
    http.post(url, () => {
      hits.count += 1;
      if (failure === 'refused') return HttpResponse.error();
      if (failure === '429') return new HttpResponse('Too Many Requests', { status: 429 });
      return HttpResponse.json({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'rate limit exceeded' } });
    }),
  );
  return hits;
}

describe('read nodes: order, cooling down and recovery', () => {
  it('tries nodes as configured; a failed one goes last, cools down (doubling) and comes back first when healthy', async () => {
    let now = 0;
    const pool = createNodePool([FIRST, SECOND], () => now);
    expect(pool.order()).toEqual([FIRST, SECOND]);
    pool.failed(FIRST);
    expect(pool.order()).toEqual([SECOND, FIRST]);
    now = 5_000;
    expect(pool.order()).toEqual([SECOND, FIRST]);
    pool.failed(FIRST);
    now = 14_999;
    expect(pool.order()).toEqual([SECOND, FIRST]);
    now = 15_000;
    const answered = await sendToNodes(pool, (url) => Promise.resolve(url));
    expect(answered).toBe(SECOND);
    pool.succeeded(FIRST);
    expect(pool.order()).toEqual([FIRST, SECOND]);
  });

  it('a node on another chain is left out for good; when every node failed the last failure is thrown', async () => {
    const pool = createNodePool([FIRST, SECOND]);
    pool.failed(FIRST, true);
    expect(pool.order()).toEqual([SECOND]);
    await expect(sendToNodes(pool, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('a silent node gets the next one asked beside it after HEDGE_AFTER_MS; the first answer wins, the silent node goes last', async () => {
    vi.useFakeTimers();
    try {
      const pool = createNodePool([FIRST, SECOND]);
      const asked: string[] = [];
      const read = sendToNodes(pool, (url) => {
        asked.push(url);
        return url === FIRST ? new Promise<string>(() => undefined) : Promise.resolve('from the second');
      });
      await vi.advanceTimersByTimeAsync(HEDGE_AFTER_MS - 1);
      expect(asked).toEqual([FIRST]);
      await vi.advanceTimersByTimeAsync(1);
      await expect(read).resolves.toBe('from the second');
      expect(pool.order()).toEqual([SECOND, FIRST]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('read nodes: both read paths fail over', () => {
  for (const failure of ['refused', '429', 'batch error'] as const) {
    it(`the call runner reads from the second node when the first is ${failure}, then prefers the second`, async () => {
      const first = failingNode(FIRST, failure);
      const second = healthyNode(SECOND);
      const runner = createCallRunner(createNodePool([FIRST, SECOND]));
      expect(await getNftBalance(runner, COLLECTION, HOLDER)).toBe(7n);
      expect(await getNftBalance(runner, COLLECTION, HOLDER)).toBe(7n);
      expect(first.count).toBe(1);
      expect(second.count).toBe(2);
    });
  }

  it('the call runner leaves out a node on another chain and reads from the next', async () => {
    const wrong = healthyNode(FIRST, '0x1');
    const right = healthyNode(SECOND);
    const runner = createCallRunner(createNodePool([FIRST, SECOND]));
    expect(await getNftBalance(runner, COLLECTION, HOLDER)).toBe(7n);
    expect(await getNftBalance(runner, COLLECTION, HOLDER)).toBe(7n);
    expect([wrong.count, right.count]).toEqual([1, 2]);
  });

  it('the provider reads from the second node when the first answers 429', async () => {
    const first = failingNode(FIRST, '429');
    const second = healthyNode(SECOND);
    const provider = createReadProvider(createNodePool([FIRST, SECOND]), 31337);
    expect(await provider.getBlockNumber()).toBe(16);
    expect(await getNftBalance(provider, COLLECTION, HOLDER)).toBe(7n);
    expect(first.count).toBe(1);
    expect(second.count).toBeGreaterThanOrEqual(2);
    provider.destroy();
  });
});
