/**
 * Swap order book exactly as contracts.md §9.4 says the deployed one behaves: ids = positions in
 * getOrders(), escrow on create, whole-token pricing (P = price × ⌊amountA ÷ 10^d⌋), the 3 % + 1 %
 * USDT fees to ownerWallet and the 4 % Natura burn, no status checks on swap / updateOrder /
 * cancelOrder, "Unauthorised" owner checks, zero-padded getOrderByUser. Amounts are checked to the unit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract, TransactionReceipt } from 'ethers';
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
const ZERO = '0x0000000000000000000000000000000000000000';

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

  it('rejects another token, zero amount or price, an unknown order type, a short balance and a short allowance', async () => {
    const a1 = account(chain, 1);
    await send(natura, a1, 'approve', swapAddress, nat(10n));
    await expectRevert(send(swap, a1, 'createOrder', a1.address, 1n, 1n, 'sell'), 'Swap: token must be Natura or USDT');
    await expectRevert(send(swap, a1, 'createOrder', N, 0n, 1n, 'sell'), 'Swap: amount must be above zero');
    await expectRevert(send(swap, a1, 'createOrder', N, 1n, 0n, 'sell'), 'Swap: price must be above zero');
    await expectRevert(send(swap, a1, 'createOrder', N, 1n, 1n, 'Sell'), 'Swap: order type must be sell or buy');
    await expectRevert(send(swap, a1, 'createOrder', U, 1n, 1n, 'buy'), 'ERC20: insufficient allowance');
    const poor = account(chain, 6);
    await send(usdtToken, poor, 'approve', swapAddress, 5n);
    await expectRevert(send(swap, poor, 'createOrder', U, 5n, 1n, 'buy'), 'Insufficient Token balance');
  });

  it('numbers orders 0, 1, 2, … in creation order across users; getOrderById / userOrders agree; getOrderByUser pads with zero orders', async () => {
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
    await expectRevert(read(swap, 'getOrderById', 25), 'Invalid order Id');
    const a2 = account(chain, 2).address;
    const mine = (await read<unknown[]>(swap, 'getOrderByUser', a2)).map(toOrder);
    expect(mine).toHaveLength(25);
    expect(mine.slice(0, 8).map((o) => o.price)).toEqual([1001n, 1004n, 1007n, 1010n, 1013n, 1016n, 1019n, 1022n]);
    const zero = { owner: ZERO, tokenA: ZERO, amountA: 0n, price: 0n, orderType: '', status: 0n };
    expect(mine.slice(8)).toEqual(Array.from({ length: 17 }, () => zero));
    expect(await read(swap, 'userOrders', a2, 2)).toBe(7n);
    expect(((await read<unknown>(swap, 'ordersCount')) as bigint[])[0]).toBe(25n);

    // acting on an id targets exactly that position
    await send(swap, account(chain, 3), 'cancelOrder', 23);
    expect((await orders()).map((o) => o.status).filter((s) => s === 2n)).toHaveLength(1);
    expect((await orders())[23]?.status).toBe(2n);
  });
});

/** Balance changes of every party of a fill, read around `act`. */
async function changes(
  parties: Record<string, string>,
  act: () => Promise<unknown>,
): Promise<Record<string, { usdt: bigint; nat: bigint }>> {
  const read2 = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(parties).map(
          async ([name, who]) =>
            [name, { usdt: await balance(usdtToken, who), nat: await balance(natura, who) }] as const,
        ),
      ),
    );
  const before = await read2();
  await act();
  const after = await read2();
  return Object.fromEntries(
    Object.keys(parties).map((name) => [
      name,
      {
        usdt: (after[name]?.usdt ?? 0n) - (before[name]?.usdt ?? 0n),
        nat: (after[name]?.nat ?? 0n) - (before[name]?.nat ?? 0n),
      },
    ]),
  );
}

describe('swap (fill): §9.4 maths', () => {
  it('§9.4 example 1: 100.5 NAT @ 1.2 → taker pays 120 USDT, maker gets 115.2, taker gets 96.48 NAT, 4.02 NAT burned', async () => {
    const [maker, taker] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, N, 100_500_000_000_000_000_000n, 1_200_000n, 'sell');
    await send(usdtToken, taker, 'approve', swapAddress, usdt(120n) - 1n);
    await expectRevert(send(swap, taker, 'swap', 0), 'ERC20: insufficient allowance');
    await send(usdtToken, taker, 'approve', swapAddress, usdt(120n));
    let receipt: TransactionReceipt | undefined;
    const delta = await changes(
      { maker: maker.address, taker: taker.address, ownerWallet, dead: DEAD, swap: swapAddress },
      async () => {
        receipt = await send(swap, taker, 'swap', 0);
      },
    );
    expect(delta).toEqual({
      maker: { usdt: 115_200_000n, nat: 0n },
      taker: { usdt: -120_000_000n, nat: 96_480_000_000_000_000_000n },
      ownerWallet: { usdt: 4_800_000n, nat: 0n }, // 3 % (3.6) + 1 % (1.2) of P
      dead: { usdt: 0n, nat: 4_020_000_000_000_000_000n },
      swap: { usdt: 0n, nat: -100_500_000_000_000_000_000n },
    });
    expect(await read(usdtToken, 'allowance', taker.address, swapAddress)).toBe(0n);
    expect((await orders())[0]?.status).toBe(0n);
    const r = receipt as TransactionReceipt;
    expect(events(swap, r, 'SellFeeEvent').map((e) => [...e.args])).toEqual([[maker.address, 4_800_000n]]);
    expect(events(swap, r, 'BuyFeeEvent').map((e) => [...e.args])).toEqual([
      [taker.address, 4_020_000_000_000_000_000n],
    ]);
    expect(events(swap, r, 'NATURA_Burnt').map((e) => [...e.args])).toEqual([
      [maker.address, taker.address, 4_020_000_000_000_000_000n],
    ]);
    expect(events(swap, r, 'SwapSuccess').map((e) => [...e.args])).toEqual([
      [maker.address, N, 100_500_000_000_000_000_000n, 1_200_000n],
    ]);
  });

  it('§9.4 example 2: 50.5 USDT @ 0.8 → taker pays 40 NAT, maker gets 38.4 NAT, 1.6 NAT burned, taker gets 48.48 USDT', async () => {
    const [maker, taker] = [account(chain, 3), account(chain, 1)];
    await createOrder(3, U, 50_500_000n, 800_000_000_000_000_000n, 'buy');
    await send(natura, taker, 'approve', swapAddress, nat(40n));
    const delta = await changes(
      { maker: maker.address, taker: taker.address, ownerWallet, dead: DEAD, swap: swapAddress },
      () => send(swap, taker, 'swap', 0),
    );
    expect(delta).toEqual({
      maker: { usdt: 0n, nat: 38_400_000_000_000_000_000n },
      taker: { usdt: 48_480_000n, nat: -40_000_000_000_000_000_000n },
      ownerWallet: { usdt: 2_020_000n, nat: 0n }, // 3 % (1.515) + 1 % (0.505) of amountA
      dead: { usdt: 0n, nat: 1_600_000_000_000_000_000n },
      swap: { usdt: -50_500_000n, nat: 0n },
    });
  });

  it('rounds every fee down on its own, from odd figures, both tokenA kinds', async () => {
    const [taker] = [account(chain, 2)];
    // 7.999999999999999999 NAT @ 1.234567 USDT: W = 7, P = 8 641 969
    await createOrder(1, N, 7_999_999_999_999_999_999n, 1_234_567n, 'sell');
    // 3.333333 USDT @ 0.777777777777777777 NAT: W = 3, P = 2 333 333 333 333 333 331
    await createOrder(3, U, 3_333_333n, 777_777_777_777_777_777n, 'buy');
    await send(usdtToken, taker, 'approve', swapAddress, 8_641_969n);
    await send(natura, taker, 'approve', swapAddress, 2_333_333_333_333_333_331n);
    const first = await changes(
      { maker: account(chain, 1).address, taker: taker.address, ownerWallet, dead: DEAD },
      () => send(swap, taker, 'swap', 0),
    );
    expect(first).toEqual({
      // ⌊3 % of 8 641 969⌋ = 259 259, ⌊1 %⌋ = 86 419
      maker: { usdt: 8_641_969n - 259_259n - 86_419n, nat: 0n },
      taker: { usdt: -8_641_969n, nat: 7_999_999_999_999_999_999n - 319_999_999_999_999_999n },
      ownerWallet: { usdt: 259_259n + 86_419n, nat: 0n },
      dead: { usdt: 0n, nat: 319_999_999_999_999_999n },
    });
    const second = await changes(
      { maker: account(chain, 3).address, taker: taker.address, ownerWallet, dead: DEAD },
      () => send(swap, taker, 'swap', 1),
    );
    expect(second).toEqual({
      // ⌊4 % of P⌋ = 93 333 333 333 333 333; ⌊3 % of 3 333 333⌋ = 99 999, ⌊1 %⌋ = 33 333
      maker: { usdt: 0n, nat: 2_333_333_333_333_333_331n - 93_333_333_333_333_333n },
      taker: { usdt: 3_333_333n - 99_999n - 33_333n, nat: -2_333_333_333_333_333_331n },
      ownerWallet: { usdt: 99_999n + 33_333n, nat: 0n },
      dead: { usdt: 0n, nat: 93_333_333_333_333_333n },
    });
  });

  it('an order below one whole token costs the taker nothing', async () => {
    const taker = account(chain, 2);
    await createOrder(1, N, 500_000_000_000_000_000n, 1_200_000n, 'sell');
    const delta = await changes({ maker: account(chain, 1).address, taker: taker.address }, () =>
      send(swap, taker, 'swap', 0),
    );
    expect(delta).toEqual({
      maker: { usdt: 0n, nat: 0n },
      taker: { usdt: 0n, nat: 480_000_000_000_000_000n },
    });
  });

  it('a taker short of P is refused with "Insufficient User balance"; an unknown id with "Invalid order Id"', async () => {
    const poor = account(chain, 6);
    await createOrder(1, N, nat(10n), usdt(1n));
    await send(usdtToken, account(chain, 0), 'mint', poor.address, usdt(10n) - 1n);
    await send(usdtToken, poor, 'approve', swapAddress, usdt(10n));
    await expectRevert(send(swap, poor, 'swap', 0), 'Insufficient User balance');
    await expectRevert(send(swap, poor, 'swap', 1), 'Invalid order Id');
  });

  it('keeps only the last fee of each user in sellerFeeCollected / buyerFeeCollected', async () => {
    const [maker, taker] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await createOrder(1, N, nat(20n), usdt(1n));
    await send(usdtToken, taker, 'approve', swapAddress, usdt(30n));
    await send(swap, taker, 'swap', 0);
    await send(swap, taker, 'swap', 1);
    expect(await read(swap, 'sellerFeeCollected', maker.address)).toBe(usdt(20n) / 25n);
    expect(await read(swap, 'buyerFeeCollected', taker.address)).toBe(nat(20n) / 25n);
  });
});

describe('no status checks (on purpose, as deployed): the app is the only guard', () => {
  it("filling a filled order pays out again from other makers' escrow", async () => {
    const [taker] = [account(chain, 2)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await createOrder(3, N, nat(50n), usdt(1n));
    await send(usdtToken, taker, 'approve', swapAddress, usdt(20n));
    await send(swap, taker, 'swap', 0);
    await send(swap, taker, 'swap', 0);
    expect((await orders())[0]?.status).toBe(0n);
    // order 1's 50 NAT escrow paid the second fill of order 0
    expect(await balance(natura, swapAddress)).toBe(nat(40n));
  });

  it("cancelling a cancelled order refunds again from other makers' escrow", async () => {
    const a1 = account(chain, 1);
    const start = await balance(natura, a1.address);
    await createOrder(1, N, nat(321n), usdt(2n));
    await createOrder(3, N, nat(500n), usdt(2n));
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
    await send(swap, a1, 'cancelOrder', 0);
    expect(await balance(natura, a1.address)).toBe(start + nat(321n));
    expect(await balance(natura, swapAddress)).toBe(nat(500n) - nat(321n));
  });

  it('editing a filled order refunds (or pulls) again, and zero amount and price are accepted', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, U, usdt(100n), nat(1n), 'buy');
    await createOrder(3, U, usdt(400n), nat(1n), 'buy');
    await send(natura, a2, 'approve', swapAddress, nat(100n));
    await send(swap, a2, 'swap', 0);
    const before = await balance(usdtToken, a1.address);
    await send(swap, a1, 'updateOrder', 0, 0n, 0n);
    expect((await balance(usdtToken, a1.address)) - before).toBe(usdt(100n));
    expect(await balance(usdtToken, swapAddress)).toBe(usdt(300n));
    expect((await orders())[0]).toMatchObject({ amountA: 0n, price: 0n, status: 0n });
  });
});

describe('updateOrder and cancelOrder', () => {
  it('increasing the amount pulls the difference; decreasing refunds it; the price is replaced', async () => {
    const a1 = account(chain, 1);
    await createOrder(1, U, usdt(100n), nat(1n), 'buy');
    const start = await balance(usdtToken, a1.address);
    await expectRevert(send(swap, a1, 'updateOrder', 0, usdt(150n), nat(2n)), 'ERC20: insufficient allowance');
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
    const poor = account(chain, 6);
    await send(usdtToken, account(chain, 0), 'mint', poor.address, usdt(1n));
    await send(usdtToken, poor, 'approve', swapAddress, usdt(5n));
    await send(swap, poor, 'createOrder', U, usdt(1n), nat(1n), 'buy');
    await expectRevert(send(swap, poor, 'updateOrder', 1, usdt(2n), nat(1n)), 'Insufficient Token balance');
  });

  it('update and cancel are owner-only ("Unauthorised") and need a known id ("Invalid order Id")', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await createOrder(1, N, nat(10n), usdt(1n));
    await expectRevert(send(swap, a2, 'updateOrder', 0, nat(5n), usdt(1n)), 'Unauthorised');
    await expectRevert(send(swap, a2, 'cancelOrder', 0), 'Unauthorised');
    await expectRevert(send(swap, a1, 'updateOrder', 1, nat(5n), 1n), 'Invalid order Id');
    await expectRevert(send(swap, a1, 'cancelOrder', 7), 'Invalid order Id');
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
