/**
 * Swap order book: ids = positions in getOrders(), escrow on create, 4 % fee on both sides of a fill
 * (contracts.md §5.7), update / cancel rules, reads. Amounts are checked to the wei.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from 'ethers';
import {
  account,
  addr,
  balance,
  deploy,
  events,
  expectRevert,
  nat,
  read,
  readAs,
  revert,
  send,
  snapshot,
  startChain,
  usdt,
  type Chain,
} from './helpers.ts';

const DEAD = '0x000000000000000000000000000000000000dEaD';

interface Order {
  owner: string;
  tokenA: string;
  amountA: bigint;
  price: bigint;
  orderType: string;
  status: bigint;
}

let chain: Chain;
let usdtToken: Contract;
let natura: Contract;
let swap: Contract;
let swapAddress: string;
let U: string;
let N: string;
let ownerWallet: string;
let snap: string;

beforeAll(async () => {
  chain = await startChain();
  const owner = account(chain, 0);
  usdtToken = await deploy(chain, 'TestUSDT', []);
  natura = await deploy(chain, 'Natura', []);
  U = await addr(usdtToken);
  N = await addr(natura);
  swap = await deploy(chain, 'Swap', [N, U, owner.address]);
  swapAddress = await addr(swap);
  ownerWallet = account(chain, 9).address;
  await send(swap, owner, 'setownerWallet', ownerWallet);
  for (const i of [1, 2, 3]) {
    await send(usdtToken, owner, 'mint', account(chain, i).address, usdt(100_000n));
    await send(natura, owner, 'transfer', account(chain, i).address, nat(100_000n));
  }
});
afterAll(async () => chain.stop());
beforeEach(async () => {
  snap = await snapshot(chain);
});
afterEach(async () => revert(chain, snap));

const token = (address: string): Contract => (address === N ? natura : usdtToken);

async function createOrder(
  makerIndex: number,
  tokenA: string,
  amountA: bigint,
  price: bigint,
  orderType = 'sell',
): Promise<void> {
  const maker = account(chain, makerIndex);
  await send(token(tokenA), maker, 'approve', swapAddress, amountA);
  await send(swap, maker, 'createOrder', tokenA, amountA, price, orderType);
}

function toOrder(raw: unknown): Order {
  return (raw as { toObject(): Order }).toObject();
}
async function orders(): Promise<Order[]> {
  return (await read<unknown[]>(swap, 'getOrders')).map(toOrder);
}

describe('createOrder', () => {
  it('escrows amountA, appends the order with status 1 and emits OrderCreated', async () => {
    const a1 = account(chain, 1);
    await send(natura, a1, 'approve', swapAddress, nat(1000n));
    const receipt = await send(swap, a1, 'createOrder', N, nat(1000n), usdt(1n) + 200_000n, 'sell');
    expect(await balance(natura, swapAddress)).toBe(nat(1000n));
    expect(await orders()).toEqual([
      { owner: a1.address, tokenA: N, amountA: nat(1000n), price: 1_200_000n, orderType: 'sell', status: 1n },
    ]);
    expect(events(swap, receipt, 'OrderCreated').map((e) => [...e.args])).toEqual([
      [a1.address, N, nat(1000n), 1_200_000n],
    ]);
    expect(((await read<unknown>(swap, 'ordersCount')) as bigint[])[0]).toBe(1n);
  });

  it('rejects another token, zero amount or price, an unknown order type and missing allowance', async () => {
    const a1 = account(chain, 1);
    await send(natura, a1, 'approve', swapAddress, nat(10n));
    await expectRevert(send(swap, a1, 'createOrder', a1.address, 1n, 1n, 'sell'), 'Swap: token must be Natura or USDT');
    await expectRevert(send(swap, a1, 'createOrder', N, 0n, 1n, 'sell'), 'Swap: amount must be above zero');
    await expectRevert(send(swap, a1, 'createOrder', N, 1n, 0n, 'sell'), 'Swap: price must be above zero');
    await expectRevert(send(swap, a1, 'createOrder', N, 1n, 1n, 'Sell'), 'Swap: order type must be sell or buy');
    await expectRevert(send(swap, a1, 'createOrder', N, nat(11n), 1n, 'sell'), 'Swap: insufficient token allowance');
    await expectRevert(send(swap, a1, 'createOrder', U, 1n, 1n, 'buy'), 'Swap: insufficient token allowance');
    const poor = account(chain, 6);
    await send(usdtToken, poor, 'approve', swapAddress, 5n);
    await expectRevert(send(swap, poor, 'createOrder', U, 5n, 1n, 'buy'), 'Swap: insufficient token balance');
  });

  it('numbers orders 0, 1, 2, … in creation order across users; getOrderById / getOrderByUser / userOrders agree', async () => {
    const makers = [1, 2, 3];
    for (let i = 0; i < 25; i++) {
      const maker = makers[i % 3] ?? 1;
      const tokenA = i % 2 === 0 ? N : U;
      await createOrder(
        maker,
        tokenA,
        tokenA === N ? nat(BigInt(i + 1)) : usdt(BigInt(i + 1)),
        BigInt(1000 + i),
        i % 4 === 0 ? 'buy' : 'sell',
      );
    }
    const all = await orders();
    expect(all).toHaveLength(25);
    all.forEach((o, i) => {
      expect(o.price).toBe(BigInt(1000 + i));
      expect(o.owner).toBe(account(chain, makers[i % 3] ?? 1).address);
    });
    expect(toOrder(await read(swap, 'getOrderById', 17))).toEqual(all[17]);
    const raw = await read<[string, string, bigint, bigint, string, bigint]>(swap, 'orderBook', 17);
    expect([...raw]).toEqual([
      all[17]?.owner,
      all[17]?.tokenA,
      all[17]?.amountA,
      all[17]?.price,
      all[17]?.orderType,
      all[17]?.status,
    ]);
    await expectRevert(read(swap, 'getOrderById', 25), 'Swap: order does not exist');
    const a2 = account(chain, 2).address;
    const mine = (await read<unknown[]>(swap, 'getOrderByUser', a2)).map(toOrder);
    expect(mine.map((o) => o.price)).toEqual([1001n, 1004n, 1007n, 1010n, 1013n, 1016n, 1019n, 1022n]);
    expect(await read(swap, 'userOrders', a2, 2)).toBe(7n);
    expect(((await read<unknown>(swap, 'ordersCount')) as bigint[])[0]).toBe(25n);

    // acting on an id targets exactly that position
    await send(swap, account(chain, 3), 'cancelOrder', 23);
    expect((await orders()).map((o) => o.status).filter((s) => s === 2n)).toHaveLength(1);
    expect((await orders())[23]?.status).toBe(2n);
  });
});

describe('swap (fill) fee maths', () => {
  it('tokenA = Natura: taker pays ceil(amountA × price / 1e18) USDT; both sides lose 4 %', async () => {
    const [maker, taker] = [account(chain, 1), account(chain, 2)];
    const amountA = 1_234_567_890_123_456_789_000n; // 1234.567890123456789 NAT
    const price = 1_234_567n; // 1.234567 USDT per NAT
    await createOrder(1, N, amountA, price, 'sell');
    const takerPays = 1_524_156_777n; // ceil(1,524,156,776.67…)
    expect((amountA * price + 10n ** 18n - 1n) / 10n ** 18n).toBe(takerPays);

    const before = {
      makerU: await balance(usdtToken, maker.address),
      makerN: await balance(natura, maker.address),
      takerU: await balance(usdtToken, taker.address),
      takerN: await balance(natura, taker.address),
    };
    await send(usdtToken, taker, 'approve', swapAddress, takerPays - 1n);
    await expectRevert(send(swap, taker, 'swap', 0), 'Swap: insufficient token allowance');
    await send(usdtToken, taker, 'approve', swapAddress, takerPays);
    const receipt = await send(swap, taker, 'swap', 0);

    expect(before.takerU - (await balance(usdtToken, taker.address))).toBe(takerPays);
    expect((await balance(usdtToken, maker.address)) - before.makerU).toBe(1_463_190_506n);
    expect(await balance(usdtToken, ownerWallet)).toBe(60_966_271n);
    expect((await balance(natura, taker.address)) - before.takerN).toBe(1_185_185_174_518_518_517_440n);
    expect(await balance(natura, DEAD)).toBe(49_382_715_604_938_271_560n);
    expect(await balance(natura, maker.address)).toBe(before.makerN);
    expect(await balance(natura, swapAddress)).toBe(0n);
    expect(await balance(usdtToken, swapAddress)).toBe(0n);
    expect((await orders())[0]?.status).toBe(0n);
    expect((await orders())[0]?.amountA).toBe(amountA);

    expect(events(swap, receipt, 'SellFeeEvent').map((e) => [...e.args])).toEqual([[maker.address, 60_966_271n]]);
    expect(events(swap, receipt, 'BuyFeeEvent').map((e) => [...e.args])).toEqual([
      [taker.address, 49_382_715_604_938_271_560n],
    ]);
    expect(events(swap, receipt, 'NATURA_Burnt').map((e) => [...e.args])).toEqual([
      [maker.address, taker.address, 49_382_715_604_938_271_560n],
    ]);
    expect(events(swap, receipt, 'SwapSuccess').map((e) => [...e.args])).toEqual([[maker.address, N, amountA, price]]);
    expect(await read(swap, 'sellerFeeCollected', U)).toBe(60_966_271n);
    expect(await read(swap, 'buyerFeeCollected', N)).toBe(49_382_715_604_938_271_560n);
  });

  it('tokenA = USDT: taker pays ceil(amountA × price / 1e6) NAT wei; both sides lose 4 %', async () => {
    const [maker, taker] = [account(chain, 3), account(chain, 1)];
    const amountA = 123_456_789n; // 123.456789 USDT
    const price = 812_345_678_901_234_567n; // 0.812345678901234567 NAT per USDT
    await createOrder(3, U, amountA, price, 'buy');
    const takerPays = 100_289_589_075_171_467_778n;
    const before = {
      makerN: await balance(natura, maker.address),
      takerN: await balance(natura, taker.address),
      takerU: await balance(usdtToken, taker.address),
    };
    await send(natura, taker, 'approve', swapAddress, takerPays);
    await send(swap, taker, 'swap', 0);
    expect(before.takerN - (await balance(natura, taker.address))).toBe(takerPays);
    expect((await balance(natura, maker.address)) - before.makerN).toBe(96_278_005_512_164_609_067n);
    expect(await balance(natura, DEAD)).toBe(4_011_583_563_006_858_711n);
    expect((await balance(usdtToken, taker.address)) - before.takerU).toBe(118_518_518n);
    expect(await balance(usdtToken, ownerWallet)).toBe(4_938_271n);
    expect(await balance(usdtToken, swapAddress)).toBe(0n);
    expect(await balance(natura, swapAddress)).toBe(0n);
  });

  it('round numbers: 500 NAT at 1.25 USDT costs exactly 625 USDT', async () => {
    const [maker, taker] = [account(chain, 2), account(chain, 3)];
    await createOrder(2, N, nat(500n), 1_250_000n);
    const makerU = await balance(usdtToken, maker.address);
    await send(usdtToken, taker, 'approve', swapAddress, usdt(625n));
    await send(swap, taker, 'swap', 0);
    expect((await balance(usdtToken, maker.address)) - makerU).toBe(usdt(600n));
    expect(await balance(usdtToken, ownerWallet)).toBe(usdt(25n));
    expect(await balance(natura, DEAD)).toBe(nat(20n));
  });

  it('rejects filling a filled, cancelled, own or unknown order', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await createOrder(1, N, nat(10n), usdt(1n));
    await send(usdtToken, a2, 'approve', swapAddress, usdt(100n));
    await send(usdtToken, a1, 'approve', swapAddress, usdt(100n));
    await expectRevert(send(swap, a1, 'swap', 0), 'Swap: cannot fill your own order');
    await send(swap, a2, 'swap', 0);
    await send(usdtToken, a3, 'approve', swapAddress, usdt(100n));
    await expectRevert(send(swap, a3, 'swap', 0), 'Swap: order is already filled');
    await send(swap, a1, 'cancelOrder', 1);
    await expectRevert(send(swap, a3, 'swap', 1), 'Swap: order is cancelled');
    await expectRevert(send(swap, a3, 'swap', 2), 'Swap: order does not exist');
  });
});

describe('updateOrder and cancelOrder', () => {
  it('increasing the amount pulls the difference; decreasing refunds it', async () => {
    const a1 = account(chain, 1);
    await createOrder(1, U, usdt(100n), nat(1n), 'buy');
    const start = await balance(usdtToken, a1.address);
    await expectRevert(send(swap, a1, 'updateOrder', 0, usdt(150n), nat(2n)), 'Swap: insufficient token allowance');
    await send(usdtToken, a1, 'approve', swapAddress, usdt(50n));
    await send(swap, a1, 'updateOrder', 0, usdt(150n), nat(2n));
    expect(start - (await balance(usdtToken, a1.address))).toBe(usdt(50n));
    expect(await balance(usdtToken, swapAddress)).toBe(usdt(150n));
    await send(swap, a1, 'updateOrder', 0, usdt(40n), nat(3n));
    expect((await balance(usdtToken, a1.address)) - start).toBe(usdt(60n));
    expect(await balance(usdtToken, swapAddress)).toBe(usdt(40n));
    expect(await orders()).toEqual([
      { owner: a1.address, tokenA: U, amountA: usdt(40n), price: nat(3n), orderType: 'buy', status: 1n },
    ]);
    await send(swap, a1, 'updateOrder', 0, usdt(40n), nat(4n));
    expect((await orders())[0]?.price).toBe(nat(4n));
  });

  it('update is owner-only, open-only, non-zero', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await expectRevert(send(swap, a2, 'updateOrder', 0, nat(5n), usdt(1n)), 'Swap: caller is not the order owner');
    await expectRevert(send(swap, a1, 'updateOrder', 0, 0n, usdt(1n)), 'Swap: amount must be above zero');
    await expectRevert(send(swap, a1, 'updateOrder', 0, nat(5n), 0n), 'Swap: price must be above zero');
    await expectRevert(send(swap, a1, 'updateOrder', 1, nat(5n), 1n), 'Swap: order does not exist');
    await send(swap, a1, 'cancelOrder', 0);
    await expectRevert(send(swap, a1, 'updateOrder', 0, nat(5n), usdt(1n)), 'Swap: order is cancelled');
  });

  it('cancel refunds the escrow once, owner only; status becomes 2', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const start = await balance(natura, a1.address);
    await createOrder(1, N, nat(321n), usdt(2n));
    await expectRevert(send(swap, a2, 'cancelOrder', 0), 'Swap: caller is not the order owner');
    await send(swap, a1, 'cancelOrder', 0);
    expect(await balance(natura, a1.address)).toBe(start);
    expect((await orders())[0]).toEqual({
      owner: a1.address,
      tokenA: N,
      amountA: nat(321n),
      price: usdt(2n),
      orderType: 'sell',
      status: 2n,
    });
    await expectRevert(send(swap, a1, 'cancelOrder', 0), 'Swap: order is cancelled');
    await expectRevert(send(swap, a1, 'cancelOrder', 7), 'Swap: order does not exist');
  });

  it('a filled order cannot be cancelled or updated', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await send(usdtToken, a2, 'approve', swapAddress, usdt(10n));
    await send(swap, a2, 'swap', 0);
    await expectRevert(send(swap, a1, 'cancelOrder', 0), 'Swap: order is already filled');
    await expectRevert(send(swap, a1, 'updateOrder', 0, nat(1n), 1n), 'Swap: order is already filled');
  });
});

describe('admin and constants', () => {
  it('exposes tokens, wallets and an owner-only setownerWallet', async () => {
    expect(await read(swap, 'NATURATOKEN')).toBe(N);
    expect(await read(swap, 'USDTTOKEN')).toBe(U);
    expect(await read(swap, 'burnWallet')).toBe(DEAD);
    expect(await read(swap, 'getBurnWallet')).toBe(DEAD);
    expect(await read(swap, 'ownerWallet')).toBe(ownerWallet);
    expect(await read(swap, 'owner')).toBe(account(chain, 0).address);
    await expectRevert(
      send(swap, account(chain, 1), 'setownerWallet', account(chain, 1).address),
      'OwnableUnauthorizedAccount',
    );
    expect(await readAs(swap, account(chain, 0), 'setownerWallet', account(chain, 8).address)).toBe(
      account(chain, 8).address,
    );
  });
});
