import { describe, expect, it } from 'vitest';
import type { Address } from '@/config/env';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import type { MarketItem } from '@/lib/chain/contracts/marketplace';
import { TOPICS, type ItemCreated, type NftTransfer } from '@/lib/chain/history/events';
import type { ChainLog, HistoryReader } from '@/lib/chain/history/log-reader';
import {
  floorOf,
  lastSalePrice,
  marketPriceFrom,
  matchCmsRows,
  ownerCount,
  salesOf,
  volumeOf,
  withPrices,
  type PricedEvent,
} from '@/lib/chain/history/market-figures';
import { classifyTransfers, readPaidPrices } from '@/lib/chain/history/nft-history';
import type { Transaction } from '@/lib/cms/types';

// Issue 38: what the app says happened, from chain events only, each figure to the USDT base unit.
const addr = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const COLLECTION = addr(0xc0);
const OTHER_COLLECTION = addr(0xc1);
const MARKET = addr(0xa1);
const STAKING = addr(0x5a);
const USDT = addr(0x05);
const [ALICE, BOB, CAROL, DAVE] = [addr(1), addr(2), addr(3), addr(4)];
const contracts = { marketplace: MARKET, staking: STAKING, usdt: USDT };
const U = 1_000_000n;

let block = 100;
const tx = (label: string) => `0x${label.padStart(64, '0')}`;
function transfer(label: string, tokenId: bigint, from: Address, to: Address): NftTransfer {
  block += 1;
  return { blockNumber: block, logIndex: 1, transactionHash: tx(label), contract: COLLECTION, from, to, tokenId };
}
function item(label: string, itemId: bigint, tokenId: bigint, seller: Address, price: bigint): ItemCreated {
  return {
    blockNumber: block + 1,
    logIndex: 2,
    transactionHash: tx(label),
    itemId,
    nftContract: COLLECTION,
    tokenId,
    seller,
    price,
  };
}

/**
 * Token 1: minted by Alice, listed at 10 (item 1), bought by Bob, relisted by Bob at 50 (item 2), then taken by Carol
 * through the old item 1 at its old price (the double sale of deployed-system.md §C9.1): Carol pays 10, to Alice.
 * Token 2: minted by Dave, listed at 30 (item 3), released back to Dave, staked by Dave.
 * Token 3: minted by Bob, given to Carol, listed by Carol at 20 (item 4) and still listed.
 */
const items = [
  item('b1', 1n, 1n, ALICE, 10n * U),
  item('b3', 2n, 1n, BOB, 50n * U),
  item('d2', 3n, 2n, DAVE, 30n * U),
  item('e3', 4n, 3n, CAROL, 20n * U),
];
const transfers = [
  transfer('a1', 1n, ZERO_ADDRESS, ALICE),
  transfer('b1', 1n, ALICE, MARKET),
  transfer('b2', 1n, MARKET, BOB),
  transfer('b3', 1n, BOB, MARKET),
  transfer('b4', 1n, MARKET, CAROL),
  transfer('d1', 2n, ZERO_ADDRESS, DAVE),
  transfer('d2', 2n, DAVE, MARKET),
  transfer('d3', 2n, MARKET, DAVE),
  transfer('d4', 2n, DAVE, STAKING),
  transfer('e1', 3n, ZERO_ADDRESS, BOB),
  transfer('e2', 3n, BOB, CAROL),
  transfer('e3', 3n, CAROL, MARKET),
];
const itemsByTx = new Map(items.map((created) => [created.transactionHash, [created]]));
const events = classifyTransfers(transfers, itemsByTx, contracts);

const word = (value: bigint) => value.toString(16).padStart(64, '0');
const topic = (address: Address) => `0x${word(BigInt(address))}`;
function usdtLog(label: string, from: Address, to: Address, value: bigint): ChainLog {
  return {
    address: USDT,
    blockNumber: 0,
    logIndex: 0,
    transactionHash: tx(label),
    topics: [TOPICS.transfer, topic(from), topic(to)],
    data: `0x${word(value)}`,
  };
}
function royaltyLog(label: string, tokenId: bigint, value: bigint): ChainLog {
  return {
    address: MARKET,
    blockNumber: 0,
    logIndex: 1,
    transactionHash: tx(label),
    topics: [TOPICS.royaltiesPaid],
    data: `0x${word(tokenId)}${word(value)}`,
  };
}
/** Each paid transaction's logs: the USDT the buyer (or minter) sent, split as the marketplace splits it. */
const receipts = new Map<string, ChainLog[]>([
  [tx('a1'), [usdtLog('a1', ALICE, COLLECTION, 5n * U)]],
  [tx('d1'), [usdtLog('d1', DAVE, COLLECTION, 5n * U)]],
  [tx('e1'), [usdtLog('e1', BOB, COLLECTION, 5n * U)]],
  // 10 USDT with a 7 % royalty: 0.7 royalty, 0.465 fee, 8.835 to the seller.
  [
    tx('b2'),
    [
      usdtLog('b2', BOB, CAROL, 700_000n),
      usdtLog('b2', BOB, DAVE, 465_000n),
      usdtLog('b2', BOB, ALICE, 8_835_000n),
      royaltyLog('b2', 1n, 700_000n),
    ],
  ],
  // The double sale: Carol pays item 1's 10 USDT (to Alice), not item 2's 50.
  [tx('b4'), [usdtLog('b4', CAROL, ALICE, 10n * U), usdtLog('b4', ALICE, BOB, 1n)]],
]);
const reader = {
  transactionLogs: (hash: string) => Promise.resolve(receipts.get(hash) ?? []),
} as unknown as HistoryReader;

async function priced(): Promise<PricedEvent[]> {
  return withPrices(events, await readPaidPrices(reader, events, contracts));
}

describe('NFT history classification', () => {
  it('names mint, listing, sale, release, stake and transfer, and a double sale as a second sale', () => {
    expect(events.map((event) => `${event.tokenId}:${event.kind}`)).toEqual([
      '1:mint',
      '1:listing',
      '1:sale',
      '1:listing',
      '1:sale',
      '2:mint',
      '2:listing',
      '2:release',
      '2:stake',
      '3:mint',
      '3:transfer',
      '3:listing',
    ]);
    // The double sale ended Bob's relisting (item 2): Bob lost the token to Carol.
    expect(events[4]?.item?.itemId).toBe(2n);
    expect(events[7]?.item?.itemId).toBe(3n);
  });

  it('classifies an unstake and a transfer out of staking', () => {
    const [unstake] = classifyTransfers([transfer('f1', 2n, STAKING, DAVE)], new Map(), contracts);
    expect(unstake?.kind).toBe('unstake');
  });
});

describe('chain prices and market figures', () => {
  it('prices sales and mints by what was paid in their transaction, royalty from RoyaltiesPaid', async () => {
    const all = await priced();
    const sales = salesOf(all);
    expect(sales.map((sale) => [sale.to, sale.price, sale.royalty])).toEqual([
      [CAROL, 10n * U, 0n],
      [BOB, 10n * U, 700_000n],
    ]);
    expect(all.filter((event) => event.kind === 'mint').map((event) => event.price)).toEqual([5n * U, 5n * U, 5n * U]);
    // A listing carries its asking price; a release, stake or transfer none.
    expect(all.filter((event) => event.kind === 'listing').map((event) => event.price)).toEqual([
      10n * U,
      50n * U,
      30n * U,
      20n * U,
    ]);
    expect(all.find((event) => event.kind === 'release')?.price).toBeUndefined();
  });

  it('volume is the sum of sale prices to the base unit; the last sale is the newest', async () => {
    const all = await priced();
    expect(volumeOf(all)).toBe(20_000_000n);
    expect(lastSalePrice(all)).toBe(10_000_000n);
    expect(lastSalePrice([])).toBeNull();
    expect(volumeOf([])).toBe(0n);
  });

  it('owners: distinct current holders, a listed or staked token counting for the account that put it there', () => {
    // Token 1 → Carol, token 2 (staked) → Dave, token 3 (listed) → Carol.
    expect(ownerCount(events)).toBe(2);
    expect(ownerCount([])).toBe(0);
  });

  it('floor and listed count: this collection’s live items only, released entries skipped', () => {
    const live = (itemId: bigint, nftContract: Address, price: bigint): MarketItem => ({
      itemId,
      nftContract,
      tokenId: itemId,
      seller: ALICE,
      owner: ZERO_ADDRESS,
      price,
      sold: false,
    });
    const listings = [
      live(4n, COLLECTION, 20n * U),
      live(5n, COLLECTION, 12_345_678n),
      live(6n, OTHER_COLLECTION, 1n),
      live(0n, COLLECTION, 0n),
    ];
    expect(floorOf(listings, COLLECTION.toUpperCase().replace('0X', '0x'))).toEqual({ floor: 12_345_678n, listed: 2 });
    expect(floorOf([], COLLECTION)).toEqual({ floor: null, listed: 0 });
  });

  it('Market Price is the floor, else the last sale, else none', () => {
    expect(marketPriceFrom(7n, 9n)).toBe(7n);
    expect(marketPriceFrom(null, 9n)).toBe(9n);
    expect(marketPriceFrom(null, null)).toBeNull();
  });
});

describe('CMS price history checked against the chain', () => {
  let id = 0;
  const row = (fromAddress: string, toAddress: string, price: bigint, description = 'Buy'): Transaction => ({
    id: ++id,
    fromAddress,
    toAddress,
    price,
    description,
    publishedAt: null,
    collectionId: 1,
  });

  it('confirms a mint and a buy with the same from, to and price; a forged row is not found on chain', async () => {
    const token1 = (await priced()).filter((event) => event.tokenId === 1n);
    const rows = [
      row(BOB, CAROL, 10n * U),
      row(ALICE, BOB, 987_654n * U),
      row(ALICE.toUpperCase().replace('0X', '0x'), BOB, 10n * U),
      row(ZERO_ADDRESS, ALICE, 5n * U, 'Mint'),
    ];
    const checked = matchCmsRows(rows, token1);
    expect(checked.map(({ event }) => event?.transactionHash ?? null)).toEqual([tx('b4'), null, tx('b2'), tx('a1')]);
  });

  it('one chain event confirms one row: a copy of a real row is not found on chain', async () => {
    const token1 = (await priced()).filter((event) => event.tokenId === 1n);
    const checked = matchCmsRows([row(ALICE, BOB, 10n * U), row(ALICE, BOB, 10n * U)], token1);
    expect(checked.map(({ event }) => event !== null)).toEqual([true, false]);
  });

  it('a wrong sender, receiver or price by one base unit is not found; nothing confirms without events', async () => {
    const token1 = (await priced()).filter((event) => event.tokenId === 1n);
    const rows = [
      row(DAVE, BOB, 10n * U),
      row(ALICE, DAVE, 10n * U),
      row(ALICE, BOB, 10n * U + 1n),
      row(ALICE, ALICE, 5n * U, 'Mint'),
    ];
    expect(matchCmsRows(rows, token1).every(({ event }) => event === null)).toBe(true);
    expect(matchCmsRows([row(ZERO_ADDRESS, ALICE, 5n * U, 'Mint')], [])[0]?.event).toBeNull();
  });
});
