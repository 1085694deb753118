import { AbiCoder, Interface, isError } from 'ethers';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCallRunner } from '@/lib/chain/call-runner';
import { NFT_COLLECTION_ABI, getCollectionName, getNftBalance } from '@/lib/chain/contracts/nft-collection';
import { SWAP_ABI, getOrders } from '@/lib/chain/contracts/swap';
import { orNull } from '@/lib/chain/or-null';
import { server } from '../msw/server';

const RPC = 'http://call-runner.test';
const COLLECTION = '0x2000000000000000000000000000000000000001';
const HOLDER = '0x2000000000000000000000000000000000000002';
const iface = new Interface(NFT_COLLECTION_ABI);
const coder = AbiCoder.defaultAbiCoder();

interface RpcCall {
  id: number;
  method: string;
  params: [{ to: string; data: string; gas?: string }, string];
}

/**
 * A node that answers eth_call with `answer(call)`, and keeps every HTTP request's eth_calls. It
 * is on the configured chain: the one eth_chainId the runner adds to its first batch
 * (lib/chain/read-node-chain.ts) is answered 31337 and left out of `requests`.
 */
function node(answer: (call: RpcCall) => object) {
  const requests: RpcCall[][] = [];
  server.use(
    http.post(RPC, async ({ request }) => {
      const body = (await request.json()) as RpcCall[] | RpcCall;
      const calls = Array.isArray(body) ? body : [body];
      requests.push(calls.filter((call) => call.method === 'eth_call'));
      return HttpResponse.json(
        calls.map((call) =>
          call.method === 'eth_chainId'
            ? { jsonrpc: '2.0', id: call.id, result: '0x7a69' }
            : { jsonrpc: '2.0', id: call.id, ...answer(call) },
        ),
      );
    }),
  );
  return requests;
}

describe('the fetch-only eth_call runner', () => {
  it('a read that offers gas sends it (the order book asks for more than a node gives a call by default)', async () => {
    const requests = node(() => ({ result: '0x' }));
    const runner = createCallRunner(RPC);
    await runner.call!({ to: COLLECTION, data: '0x12345678', gasLimit: 250_000_000n });
    await runner.call!({ to: COLLECTION, data: '0x12345678' });
    expect(requests.flat().map((call) => call.params[0].gas)).toEqual(['0xee6b280', undefined]);
  });

  it("reads through the app's contract modules, the reads of one moment in one HTTP request", async () => {
    const requests = node((call) => {
      const selector = call.params[0].data.slice(0, 10);
      if (selector === iface.getFunction('name')!.selector)
        return { result: coder.encode(['string'], ['Terra Genesis']) };
      return { result: coder.encode(['uint256'], [7n]) };
    });
    const runner = createCallRunner(RPC);
    const [name, balance] = await Promise.all([
      getCollectionName(runner, COLLECTION),
      getNftBalance(runner, COLLECTION, HOLDER),
    ]);
    expect(name).toBe('Terra Genesis');
    expect(balance).toBe(7n);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.map((call) => [call.method, call.params[0].to.toLowerCase(), call.params[1]])).toEqual([
      ['eth_call', COLLECTION, 'latest'],
      ['eth_call', COLLECTION, 'latest'],
    ]);
  });

  it("a revert rejects as ethers' CALL_EXCEPTION with its reason, so orNull reads it as null", async () => {
    const reason = `0x08c379a0${coder.encode(['string'], ['Not a collection']).slice(2)}`;
    node(() => ({ error: { code: 3, message: 'execution reverted: Not a collection', data: reason } }));
    const runner = createCallRunner(RPC);
    const failure: unknown = await getCollectionName(runner, COLLECTION).catch((error: unknown) => error);
    expect(isError(failure, 'CALL_EXCEPTION')).toBe(true);
    expect((failure as { reason?: string }).reason).toBe('Not a collection');
    await expect(orNull(getCollectionName(runner, COLLECTION))).resolves.toBeNull();
  });

  it('a node failure is an error, not a revert: orNull lets it through', async () => {
    server.use(http.post(RPC, () => new HttpResponse('busy', { status: 503 })));
    const runner = createCallRunner(RPC);
    await expect(orNull(getCollectionName(runner, COLLECTION))).rejects.toThrow('The JSON-RPC node answered HTTP 503');
    node(() => ({ error: { code: -32005, message: 'rate limited' } }));
    const failure: unknown = await getCollectionName(runner, COLLECTION).catch((error: unknown) => error);
    expect(isError(failure, 'CALL_EXCEPTION')).toBe(false);
    expect(String(failure)).toContain('rate limited');
  });
});

describe("a node's out-of-gas or gas-cap answer through the call runner", () => {
  const swapIface = new Interface(SWAP_ABI);
  const SWAP = '0x3000000000000000000000000000000000000003';
  const OWNER = '0x3000000000000000000000000000000000000004';
  const TOKEN = '0x3000000000000000000000000000000000000005';
  const book = [0n, 1n, 2n].map((id) => [OWNER, TOKEN, 10n + id, 100n + id, id === 1n ? 'buy' : 'sell', id] as const);
  /** A swap contract whose getOrders() gets `failure` from the node; the small reads answer. */
  function swapNode(failure: object) {
    return node((call) => {
      const data = call.params[0].data;
      const name = swapIface.parseTransaction({ data })!.name;
      if (name === 'getOrders') return { error: failure };
      if (name === 'ordersCount') return { result: swapIface.encodeFunctionResult('ordersCount', [[3n]]) };
      const [id] = swapIface.decodeFunctionData('getOrderById', data);
      return { result: swapIface.encodeFunctionResult('getOrderById', [book[Number(id)]]) };
    });
  }

  // The answers as the nodes give them (anvil 1.x checked by hand; geth/bor and erigon wordings from their sources).
  it.each([
    ['anvil, out of gas', { code: -32603, message: 'EVM error OutOfGas' }],
    [
      'anvil, call gas above its cap',
      { code: -32000, message: 'intrinsic gas too high -- CallGasCostMoreThanGasLimit' },
    ],
    ['geth/bor, out of gas', { code: -32000, message: 'out of gas' }],
    ['geth, gas required exceeds allowance', { code: -32000, message: 'gas required exceeds allowance (50000000)' }],
    ['a node refusing gas above the block limit', { code: -32000, message: 'exceeds block gas limit' }],
  ])('%s: a failed call, so the book is read one order at a time', async (_node, failure) => {
    const requests = swapNode(failure);
    const runner = createCallRunner(RPC);
    const orders = await getOrders(runner, SWAP);
    expect(orders.map((o) => [o.id, o.amountA, o.orderType, o.status])).toEqual([
      [0, 10n, 'sell', 0],
      [1, 11n, 'buy', 1],
      [2, 12n, 'sell', 2],
    ]);
    // getOrders, then ordersCount, then the three getOrderById in one HTTP request.
    expect(requests.map((calls) => calls.length)).toEqual([1, 1, 3]);
  });

  it('any other node error is not a failed call: the read fails as it is', async () => {
    swapNode({ code: -32603, message: 'internal error: database closed' });
    const runner = createCallRunner(RPC);
    const failure: unknown = await getOrders(runner, SWAP).catch((error: unknown) => error);
    expect(isError(failure, 'CALL_EXCEPTION')).toBe(false);
    expect(String(failure)).toContain('database closed');
  });
});
