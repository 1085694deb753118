import { getAddress, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '@/config/env';
import { nftActivity } from '@/lib/chain/history/account-activity';
import { pairedArrays, type CallInput } from '@/lib/chain/history/call-inputs';
import { decodeAll, decodeSwapEvent, TOPICS } from '@/lib/chain/history/events';
import type { ChainLog } from '@/lib/chain/history/log-reader';
import type { NftEvent } from '@/lib/chain/history/nft-history';
import {
  buildClaims,
  CLAIM_CALL_SELECTOR,
  totalEarned,
  yearlyRateHundredths,
} from '@/lib/chain/history/staking-history';
import {
  calledOrderId,
  fillTimes,
  matchFillsToOrders,
  NATURA_BURNT_TOPIC,
  SWAP_CALL_SELECTOR,
} from '@/lib/chain/history/swap-history';
import { usdtPerNatura } from '@/lib/chain/swap-math';
import { SWAP_ABI } from '@/lib/chain/contracts/swap';
import { STAKING_ABI } from '@/lib/chain/contracts/staking';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';

const addr = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const SWAP = addr(0x5a);
const STAKING = addr(0x57);
const NATURA = addr(0xaa);
const USDT = addr(0xbb);
const MAKER = addr(1);
const TAKER = addr(2);
const OTHER = addr(3);
const topic = (a: string) => `0x${a.slice(2).padStart(64, '0')}`;
const word = (v: bigint) => v.toString(16).padStart(64, '0');
const swapIface = new Interface(SWAP_ABI);

function log(partial: Partial<ChainLog> & Pick<ChainLog, 'topics'>): ChainLog {
  return { address: SWAP, blockNumber: 1, logIndex: 0, transactionHash: '0x01', data: '0x', ...partial };
}
const fillLog = (tx: string, block: number, owner: Address, tokenA: Address, amountA: bigint, price: bigint) =>
  log({
    transactionHash: tx,
    blockNumber: block,
    logIndex: 5,
    topics: [TOPICS.swapSuccess, topic(owner), topic(tokenA)],
    data: `0x${word(amountA)}${word(price)}`,
  });
const order = (id: number, o: Partial<SwapOrder>): SwapOrder => ({
  id,
  owner: MAKER,
  tokenA: NATURA,
  amountA: 10n ** 18n,
  price: 1_500_000n,
  orderType: 'sell',
  status: ORDER_STATUS.filled,
  ...o,
});
const swapCall = (id: number): CallInput => ({ to: SWAP, data: swapIface.encodeFunctionData('swap', [id]) });

describe('trade price in USDT base units per Natura', () => {
  it('keeps a Natura-deposit order price (USDT base units per NAT)', () => {
    expect(usdtPerNatura('natura', 1_500_000n)).toBe(1_500_000n);
  });
  it('inverts a USDT-deposit order price (NAT wei per USDT), rounded half-up to the base unit', () => {
    // 0.5 NAT per USDT = 2 USDT per NAT.
    expect(usdtPerNatura('usdt', 5n * 10n ** 17n)).toBe(2_000_000n);
    // 3 NAT per USDT = 0.333333… USDT per NAT → 333 333 base units.
    expect(usdtPerNatura('usdt', 3n * 10n ** 18n)).toBe(333_333n);
    // 1.5 NAT per USDT = 0.6666666… → 666 667 (half-up).
    expect(usdtPerNatura('usdt', 15n * 10n ** 17n)).toBe(666_667n);
  });
});

describe('tying SwapSuccess to its order', () => {
  it('uses the selector the app sends for swap(uint256)', () => {
    expect(swapIface.getFunction('swap')?.selector).toBe(SWAP_CALL_SELECTOR);
    expect(new Interface(STAKING_ABI).getFunction('claimRewards')?.selector).toBe(CLAIM_CALL_SELECTOR);
  });

  it('reads the order id from a direct swap call, and ignores other targets', () => {
    expect(calledOrderId(swapCall(7), SWAP)).toBe(7);
    expect(calledOrderId({ ...swapCall(7), to: OTHER }, SWAP)).toBeNull();
    expect(calledOrderId(null, SWAP)).toBeNull();
  });

  it('tells identical orders of one maker apart by the call data, where the event fields cannot', () => {
    const orders = [order(0, {}), order(1, {}), order(2, { status: ORDER_STATUS.open })];
    const fills = decodeAll(
      [
        fillLog('0xa', 10, MAKER, NATURA, 10n ** 18n, 1_500_000n),
        fillLog('0xb', 11, MAKER, NATURA, 10n ** 18n, 1_500_000n),
      ],
      decodeSwapEvent,
    );
    // Order 1 was filled first, then order 0.
    expect(matchFillsToOrders(fills, [swapCall(1), swapCall(0)], orders, SWAP)).toEqual([1, 0]);
  });

  it('falls back to the oldest untied filled order with the same owner, token, amount and price', () => {
    const orders = [
      order(0, { price: 2_000_000n }),
      order(1, { status: ORDER_STATUS.cancelled }),
      order(2, {}),
      order(3, { tokenA: USDT, amountA: 3_000_000n, price: 5n * 10n ** 17n }),
    ];
    const fills = decodeAll(
      [
        fillLog('0xa', 10, MAKER, USDT, 3_000_000n, 5n * 10n ** 17n),
        fillLog('0xb', 11, MAKER, NATURA, 10n ** 18n, 1_500_000n),
        fillLog('0xc', 12, MAKER, NATURA, 10n ** 18n, 9n),
      ],
      decodeSwapEvent,
    );
    const viaWallet = { to: OTHER, data: '0x12345678' };
    expect(matchFillsToOrders(fills, [viaWallet, null, viaWallet], orders, SWAP)).toEqual([3, 2, null]);
  });

  it('rejects a call naming an order of another maker and infers instead', () => {
    const orders = [order(0, { owner: OTHER }), order(1, {})];
    const fills = decodeAll([fillLog('0xa', 10, MAKER, NATURA, 10n ** 18n, 1_500_000n)], decodeSwapEvent);
    expect(matchFillsToOrders(fills, [swapCall(0)], orders, SWAP)).toEqual([1]);
  });

  it("keeps each order's newest fill time", () => {
    const base = { logIndex: 0, transactionHash: '0x', maker: MAKER, taker: TAKER, token: 'natura' as const };
    const trade = (orderId: number | null, time: number | null) => ({
      ...base,
      blockNumber: 1,
      orderId,
      amountA: 1n,
      price: 1n,
      usdtPerNatura: 1n,
      time,
    });
    expect(fillTimes([trade(4, 100), trade(4, 300), trade(5, null), trade(null, 9)])).toEqual(new Map([[4, 300]]));
  });

  it('knows the NATURA_Burnt topic', () => {
    expect(NATURA_BURNT_TOPIC).toBe(
      new Interface([
        'event NATURA_Burnt(address indexed _ordOwner, address indexed _buyer, uint256 _amountBurn)',
      ]).getEvent('NATURA_Burnt')?.topicHash,
    );
  });
});

describe('claim history', () => {
  const stakingIface = new Interface(STAKING_ABI);
  const claimedLog = (tx: string, logIndex: number, owner: Address, amount: bigint) =>
    log({
      address: STAKING,
      transactionHash: tx,
      logIndex,
      topics: [TOPICS.claimed, topic(owner)],
      data: `0x${word(amount)}`,
    });
  const unstakedLog = (tx: string, logIndex: number, owner: Address, collection: Address, tokenId: bigint) =>
    log({
      address: STAKING,
      transactionHash: tx,
      logIndex,
      topics: [TOPICS.nftUnstaked, topic(collection), topic(owner), `0x${word(tokenId)}`],
      data: `0x${word(123n)}`,
    });
  const naturaTransfer = (tx: string, to: Address, value: bigint) =>
    log({
      address: NATURA,
      transactionHash: tx,
      logIndex: 1,
      topics: [TOPICS.transfer, topic(OTHER), topic(to)],
      data: `0x${word(value)}`,
    });

  it('counts every payout once: claims and the claim inside an unstake, not the Natura transfer of the same payout', () => {
    const logs = [
      claimedLog('0xc1', 2, MAKER, 3n * 10n ** 17n),
      naturaTransfer('0xc1', MAKER, 3n * 10n ** 17n),
      claimedLog('0xu1', 2, MAKER, 5n * 10n ** 17n),
      naturaTransfer('0xu1', MAKER, 5n * 10n ** 17n),
      unstakedLog('0xu1', 4, MAKER, addr(0xc0), 27n),
      claimedLog('0xc2', 2, OTHER, 10n ** 18n),
    ];
    const inputs = new Map<string, CallInput | null>([
      [
        '0xc1',
        {
          to: STAKING,
          data: stakingIface.encodeFunctionData('claimRewards', [
            [1, 2],
            [27, 5],
          ]),
        },
      ],
    ]);
    const claims = buildClaims(logs, MAKER, STAKING, inputs);
    expect(claims.map((c) => [c.via, c.amount])).toEqual([
      ['claim', 3n * 10n ** 17n],
      ['unstake', 5n * 10n ** 17n],
    ]);
    expect(claims[0]?.nfts).toEqual([
      { collection: null, pid: 1, tokenId: 27n },
      { collection: null, pid: 2, tokenId: 5n },
    ]);
    expect(claims[1]?.nfts).toEqual([{ collection: getAddress(addr(0xc0)), pid: null, tokenId: 27n }]);
    expect(totalEarned(claims)).toBe(8n * 10n ** 17n);
  });

  it('shows no NFTs for a claim made through another contract', () => {
    const claims = buildClaims(
      [claimedLog('0xc1', 2, MAKER, 1n)],
      MAKER,
      STAKING,
      new Map([['0xc1', { to: OTHER, data: '0x45ff2d10' }]]),
    );
    expect(claims[0]?.nfts).toEqual([]);
  });

  it('decodes the pid and token id arrays of a claimRewards call', () => {
    const data = stakingIface.encodeFunctionData('claimRewards', [
      [0, 3],
      [7, 16_777_215],
    ]);
    expect(pairedArrays(data)).toEqual([
      { pid: 0, tokenId: 7n },
      { pid: 3, tokenId: 16_777_215n },
    ]);
    expect(pairedArrays('0x45ff2d10')).toBeNull();
  });
});

describe('yearly rate estimate', () => {
  it('is the yearly reward at today’s Natura price over the pool cost, in hundredths of a percent, rounded down', () => {
    // Cost 100 USDT, price 1 USDT per NAT: the contract's rate ⌊1e18 / 1e6⌋ × ⌊100e6 / 365⌋ per day.
    const rate = (10n ** 18n / 1_000_000n) * (100_000_000n / 365n);
    expect(yearlyRateHundredths(rate, 100_000_000n, 1_000_000n)).toBe(9_999n); // 99.99 %
    // 0.25 NAT a day at 2 USDT per NAT on a 50 USDT pool: 182.5 USDT a year = 365.00 %.
    expect(yearlyRateHundredths(25n * 10n ** 16n, 50_000_000n, 2_000_000n)).toBe(36_500n);
    expect(yearlyRateHundredths(1n, 0n, 1n)).toBeNull();
  });
});

describe("the account's side of NFT events", () => {
  const nft = addr(0xc0);
  const market = addr(0x3a);
  const base = { contract: nft, tokenId: 60n, logIndex: 0, transactionHash: '0x' };
  const item = {
    itemId: 1n,
    nftContract: nft,
    seller: MAKER,
    price: 30_000_000n,
    ...base,
    blockNumber: 2,
  };
  const events: NftEvent[] = [
    { ...base, blockNumber: 1, kind: 'mint', from: addr(0), to: MAKER },
    { ...base, blockNumber: 2, kind: 'listing', from: MAKER, to: market, item },
    { ...base, blockNumber: 3, kind: 'sale', from: market, to: TAKER, item },
    { ...base, blockNumber: 4, kind: 'stake', from: TAKER, to: STAKING },
    { ...base, blockNumber: 5, kind: 'transfer', from: TAKER, to: MAKER },
  ];
  it('names mints, listings (with the asking price) and sales for the seller, purchases and stakes for the buyer', () => {
    expect(nftActivity(events, MAKER).map((e) => [e.kind, e.usdt])).toEqual([
      ['mint', undefined],
      ['listing', 30_000_000n],
      ['sale', undefined],
    ]);
    expect(nftActivity(events, TAKER).map((e) => e.kind)).toEqual(['purchase', 'stake']);
  });
});
