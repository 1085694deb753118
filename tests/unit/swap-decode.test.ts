import { Interface, makeError, type ContractRunner, type TransactionRequest } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SWAP_ABI, decodeOrders, getOrders } from '@/lib/chain/contracts/swap';

const iface = new Interface(SWAP_ABI);
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

describe('decodeOrders: the getOrders() layout without the generic decoder', () => {
  it('matches ethers’ decoding field by field, ids = positions, values beyond doubles and any string', async () => {
    const tuples = [
      [OWNER, TOKEN, (1n << 255n) + 12345n, 1_000_001n, 'sell', 1],
      [TOKEN, OWNER, 0n, 2n ** 64n + 1n, 'buy', 0],
      [OWNER.toLowerCase(), TOKEN, 7n, 9n, 'väldigt lång ordertyp ✓ '.repeat(5), 2],
    ];
    const data = iface.encodeFunctionResult('getOrders', [tuples]);
    const reference = (iface.decodeFunctionResult('getOrders', data)[0] as unknown[][]).map((t, id) => ({
      id,
      owner: t[0],
      tokenA: t[1],
      amountA: t[2],
      price: t[3],
      orderType: t[4],
      status: Number(t[5]),
    }));
    const decoded = await decodeOrders(data);
    expect(decoded).toEqual(reference);
    expect(decoded[2]!.owner).toBe(OWNER); // checksummed
  });

  it('decodes an empty book and refuses bytes that do not fit the layout', async () => {
    expect(await decodeOrders(iface.encodeFunctionResult('getOrders', [[]]))).toEqual([]);
    const data = iface.encodeFunctionResult('getOrders', [[[OWNER, TOKEN, 1n, 1n, 'sell', 1]]]);
    await expect(decodeOrders(data.slice(0, data.length - 64))).rejects.toThrow(/Malformed/);
    await expect(decodeOrders('0x')).rejects.toThrow(/Malformed/);
  });

  it('gives the event loop turns while it decodes a big book, and the result is the same', async () => {
    const tuples = Array.from({ length: 200 }, (_, i) => [i % 2 ? OWNER : TOKEN, TOKEN, BigInt(i), 1n, 'sell', i % 3]);
    const data = iface.encodeFunctionResult('getOrders', [tuples]);
    let turns = 0;
    let watching = true;
    const tick = () => {
      turns += 1;
      if (watching) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    // A slice budget of 0 ms: a turn at every look at the clock (every 16 orders).
    const sliced = await decodeOrders(data, { sliceMs: 0 });
    watching = false;
    expect(turns).toBeGreaterThanOrEqual(200 / 16 - 1);
    expect(sliced).toEqual(await decodeOrders(data, { sliceMs: Number.POSITIVE_INFINITY }));
    expect(sliced.map((order) => order.amountA)).toEqual(tuples.map((tuple) => tuple[2]));
  });
});

describe('getOrders: a node whose eth_call gas cap is below the whole book', () => {
  const SWAP = '0x1000000000000000000000000000000000000006';
  const book = [
    [OWNER, TOKEN, 5n, 1_250_000n, 'sell', 1],
    [TOKEN, OWNER, 10n ** 18n, 8n * 10n ** 17n, 'buy', 0],
    [OWNER, OWNER, 3n, 4n, 'sell', 2],
  ] as const;

  /** Answers ordersCount / getOrderById from `book`; getOrders fails the way `failure` says. */
  function node(failure: () => Error) {
    const calls: string[] = [];
    const runner = {
      provider: null,
      call: (tx: TransactionRequest) => {
        const { name, args } = iface.parseTransaction({ data: String(tx.data) })!;
        calls.push(name);
        if (name === 'getOrders') return Promise.reject(failure());
        if (name === 'ordersCount') return Promise.resolve(iface.encodeFunctionResult(name, [[book.length]]));
        return Promise.resolve(iface.encodeFunctionResult(name, [book[Number(args[0])]]));
      },
    };
    return { runner: runner as unknown as ContractRunner, calls };
  }

  it('reads the book one order at a time when the one call runs out of gas, ids = positions', async () => {
    const { runner, calls } = node(() =>
      makeError('execution reverted', 'CALL_EXCEPTION', {
        action: 'call',
        data: null,
        reason: null,
        transaction: { to: SWAP, data: iface.encodeFunctionData('getOrders') },
        invocation: null,
        revert: null,
      }),
    );
    const orders = await getOrders(runner, SWAP);
    expect(orders).toEqual(
      book.map(([owner, tokenA, amountA, price, orderType, status], id) => ({
        id,
        owner,
        tokenA,
        amountA,
        price,
        orderType,
        status,
      })),
    );
    expect(calls).toEqual(['getOrders', 'ordersCount', 'getOrderById', 'getOrderById', 'getOrderById']);
  });

  it('does not fall back when the node itself fails: the read fails', async () => {
    const { runner, calls } = node(() => Object.assign(new Error('503 Service Unavailable'), { code: 'SERVER_ERROR' }));
    await expect(getOrders(runner, SWAP)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(calls).toEqual(['getOrders']);
  });
});
