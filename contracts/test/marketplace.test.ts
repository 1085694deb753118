/**
 * NFTMarket as contracts.md §9.1 describes the deployed one: ids from 1, transferFrom escrow, the
 * royalty → 5 %-of-the-rest fee → seller split, the missing checks, release deleting the item and
 * fetchMarketItems' all-zero entries.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { id, toBeHex, zeroPadValue, type Contract } from 'ethers';
import {
  account,
  addr,
  balance,
  deploy,
  events,
  expectRevert,
  read,
  readAs,
  revert,
  send,
  snapshot,
  startChain,
  usdt,
  type Chain,
} from './helpers.ts';

const MARKET_ITEM_CREATED = '0x045dfa01dcba2b36aba1d3dc4a874f4b0c5d2fbeb8d2c4b34a7d88c8d8f929d1';
const ZERO = '0x0000000000000000000000000000000000000000';

interface Item {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
  owner: string;
  price: bigint;
  sold: boolean;
}

let chain: Chain;
let usdtToken: Contract;
let nftA: Contract;
let nftB: Contract;
let market: Contract;
let marketAddress: string;
let feeCollector: string;
let snap: string;

beforeAll(async () => {
  chain = await startChain();
  const owner = account(chain, 0);
  feeCollector = account(chain, 9).address;
  usdtToken = await deploy(chain, 'TestUSDT', []);
  const u = await addr(usdtToken);
  nftA = await deploy(chain, 'TerraNFT', [u, 'http://x/a/', '', 700, '']);
  nftB = await deploy(chain, 'TerraNFT', [u, 'http://x/b/', '', 0, '']);
  market = await deploy(chain, 'NFTMarket', [u, feeCollector]);
  marketAddress = await addr(market);
  for (const i of [1, 2, 3]) {
    const w = account(chain, i);
    await send(usdtToken, owner, 'mint', w.address, usdt(1_000n));
    for (const nft of [nftA, nftB]) {
      await send(usdtToken, w, 'approve', await addr(nft), usdt(100n));
    }
  }
  // a1 owns A#1, A#2 and B#1; a2 owns A#3 (same token id 1 exists in both collections).
  await send(nftA, account(chain, 1), 'mint', 1, usdt(25n));
  await send(nftA, account(chain, 1), 'mint', 2, usdt(25n));
  await send(nftB, account(chain, 1), 'mint', 1, usdt(25n));
  await send(nftA, account(chain, 2), 'mint', 3, usdt(25n));
  await send(nftA, account(chain, 1), 'setApprovalForAll', marketAddress, true);
  await send(nftB, account(chain, 1), 'setApprovalForAll', marketAddress, true);
  await send(nftA, account(chain, 2), 'setApprovalForAll', marketAddress, true);
});
afterAll(async () => chain.stop());
beforeEach(async () => {
  snap = await snapshot(chain);
});
afterEach(async () => revert(chain, snap));

function toItem(raw: unknown): Item {
  const r = raw as { toObject(): Item };
  return r.toObject();
}
async function marketItems(): Promise<Item[]> {
  return (await read<unknown[]>(market, 'fetchMarketItems')).map(toItem);
}

const ZERO_ITEM: Item = {
  itemId: 0n,
  nftContract: ZERO,
  tokenId: 0n,
  seller: ZERO,
  owner: ZERO,
  price: 0n,
  sold: false,
};

/** The read reverts with Solidity's Panic(0x32), array index out of bounds. */
async function expectPanic32(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string; revert?: { name?: string; args?: unknown[] } | null; data?: string | null },
  );
  expect(error?.code).toBe('CALL_EXCEPTION');
  expect(error?.data).toBe(`0x4e487b71${zeroPadValue(toBeHex(0x32), 32).slice(2)}`);
}

async function balances(...who: string[]): Promise<bigint[]> {
  return Promise.all(who.map((w) => balance(usdtToken, w)));
}

describe('createMarketItem', () => {
  it('escrows the NFT and emits MarketItemCreated with the item id in topic1, starting at 1', async () => {
    const a1 = account(chain, 1);
    const nftAddress = await addr(nftA);
    const receipt = await send(market, a1, 'createMarketItem', nftAddress, 2, usdt(30n));
    expect(await read(nftA, 'ownerOf', 2)).toBe(marketAddress);
    const log = receipt.logs.find((l) => l.topics[0] === MARKET_ITEM_CREATED);
    expect(log?.address).toBe(marketAddress);
    expect(log?.topics[1]).toBe(zeroPadValue(toBeHex(1), 32));
    expect(log?.topics[2]).toBe(zeroPadValue(nftAddress.toLowerCase(), 32));
    expect(log?.topics[3]).toBe(zeroPadValue(toBeHex(2), 32));
    const [ev] = events(market, receipt, 'MarketItemCreated');
    expect(ev?.args).toEqual([1n, nftAddress, 2n, a1.address, ZERO, usdt(30n), false]);
    expect(id('MarketItemCreated(uint256,address,uint256,address,address,uint256,bool)')).toBe(MARKET_ITEM_CREATED);

    const second = await send(market, a1, 'createMarketItem', nftAddress, 1, usdt(31n));
    expect(events(market, second, 'MarketItemCreated')[0]?.args[0]).toBe(2n);
  });

  it('a zero price reverts "Price must be at least 1 wei"; 1 base unit is accepted', async () => {
    const a1 = account(chain, 1);
    const a = await addr(nftA);
    await expectRevert(send(market, a1, 'createMarketItem', a, 1, 0n), 'Price must be at least 1 wei');
    await send(market, a1, 'createMarketItem', a, 1, 1n);
    expect((await marketItems()).map((i) => [i.itemId, i.price])).toEqual([[1n, 1n]]);
  });

  it('the NFT moves with transferFrom(seller → market): no approval, not the holder or listed twice all fail in the NFT', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    // already in the marketplace: the seller no longer holds it
    await expectRevert(send(market, a1, 'createMarketItem', a, 1, usdt(30n)), 'ERC721IncorrectOwner');
    await expectRevert(send(market, a2, 'createMarketItem', a, 2, usdt(30n)), 'ERC721IncorrectOwner');
    await send(nftA, a2, 'setApprovalForAll', marketAddress, false);
    await expectRevert(send(market, a2, 'createMarketItem', a, 3, usdt(30n)), 'ERC721InsufficientApproval');
    await send(nftA, a2, 'approve', marketAddress, 3);
    await send(market, a2, 'createMarketItem', a, 3, usdt(1n));
    expect(await read(nftA, 'ownerOf', 3)).toBe(marketAddress);
    await expectRevert(send(market, a2, 'createMarketItem', a, 99, usdt(1n)), 'ERC721NonexistentToken');
    // failed listings consumed no item id
    expect((await marketItems()).map((i) => i.itemId)).toEqual([1n, 2n]);
  });
});

describe('createMarketSale', () => {
  it('§9.1 worked example: 30 USDT with a 7 % royalty → royalty 2.1, fee 1.395, seller 26.505', async () => {
    const [a1, a3] = [account(chain, 1), account(chain, 3)];
    const royaltyReceiver = account(chain, 0).address;
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 2, usdt(30n));
    const who = [a3.address, a1.address, royaltyReceiver, feeCollector];
    const before = await balances(...who);
    await send(usdtToken, a3, 'approve', marketAddress, usdt(30n));
    const receipt = await send(market, a3, 'createMarketSale', a, 1, usdt(30n));
    const after = await balances(...who);
    const delta = after.map((b, i) => b - (before[i] ?? 0n));
    expect(delta).toEqual([-30_000_000n, 26_505_000n, 2_100_000n, 1_395_000n]);
    expect(await balance(usdtToken, marketAddress)).toBe(0n);
    expect(await read(usdtToken, 'allowance', a3.address, marketAddress)).toBe(0n);
    expect(await read(nftA, 'ownerOf', 2)).toBe(a3.address);
    expect(events(market, receipt, 'RoyaltiesPaid').map((p) => [...p.args])).toEqual([[2n, 2_100_000n]]);
  });

  it('three transferFrom pulls from the buyer, in order royalty, fee, seller; the fee rounds down', async () => {
    const [a1, a3] = [account(chain, 1), account(chain, 3)];
    const royaltyReceiver = account(chain, 0).address;
    const a = await addr(nftA);
    const price = 33_333_333n; // royalty ⌊× 7 %⌋ = 2,333,333; fee ⌊31,000,000 × 5 %⌋ = 1,550,000
    await send(market, a1, 'createMarketItem', a, 2, price);
    await send(usdtToken, a3, 'approve', marketAddress, price);
    const receipt = await send(market, a3, 'createMarketSale', a, 1, price);
    const transfers = events(usdtToken, receipt, 'Transfer').map((t) => [...t.args]);
    expect(transfers).toEqual([
      [a3.address, royaltyReceiver, 2_333_333n],
      [a3.address, feeCollector, 1_550_000n],
      [a3.address, a1.address, 29_450_000n],
    ]);
  });

  it('an allowance one base unit short of the price fails (the last pull)', async () => {
    const [a1, a3] = [account(chain, 1), account(chain, 3)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 2, usdt(30n));
    await send(usdtToken, a3, 'approve', marketAddress, usdt(30n) - 1n);
    await expectRevert(send(market, a3, 'createMarketSale', a, 1, usdt(30n)), 'ERC20: insufficient allowance');
  });

  it('no royalty (a 0 bps collection): fee 5 % of the price, the seller the rest, no RoyaltiesPaid', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const b = await addr(nftB);
    await send(market, a1, 'createMarketItem', b, 1, usdt(20n));
    const [sellerBefore, feeBefore] = await balances(a1.address, feeCollector);
    await send(usdtToken, a2, 'approve', marketAddress, usdt(20n));
    const receipt = await send(market, a2, 'createMarketSale', b, 1, usdt(20n));
    const [sellerAfter, feeAfter] = await balances(a1.address, feeCollector);
    expect((sellerAfter ?? 0n) - (sellerBefore ?? 0n)).toBe(usdt(19n));
    expect((feeAfter ?? 0n) - (feeBefore ?? 0n)).toBe(usdt(1n));
    expect(events(market, receipt, 'RoyaltiesPaid')).toHaveLength(0);
  });

  it('only amountPaid == stored price is checked ("Please submit the asking price…")', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(usdtToken, a2, 'approve', marketAddress, usdt(31n));
    for (const paid of [usdt(29n), usdt(31n), usdt(30n) - 1n]) {
      await expectRevert(
        send(market, a2, 'createMarketSale', a, 1, paid),
        'Please submit the asking price in order to complete the purchase',
      );
    }
    // an unknown item has price 0: any non-zero amount gets the same message
    await expectRevert(
      send(market, a2, 'createMarketSale', a, 7, usdt(30n)),
      'Please submit the asking price in order to complete the purchase',
    );
  });

  it('trusts the caller\'s nftContract: item 1 (A#1) bought "from B" hands over B#1 and pays item 1\'s seller', async () => {
    const [a1, a3] = [account(chain, 1), account(chain, 3)];
    const a = await addr(nftA);
    const b = await addr(nftB);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n)); // item 1: A#1
    await send(market, a1, 'createMarketItem', b, 1, usdt(30n)); // item 2: B#1
    await send(usdtToken, a3, 'approve', marketAddress, usdt(30n));
    const sellerBefore = await balance(usdtToken, a1.address);
    await send(market, a3, 'createMarketSale', b, 1, usdt(30n));
    expect(await read(nftB, 'ownerOf', 1)).toBe(a3.address);
    expect(await read(nftA, 'ownerOf', 1)).toBe(marketAddress);
    // B has no royalty (0 bps): fee 1.5, seller 28.5
    expect((await balance(usdtToken, a1.address)) - sellerBefore).toBe(usdt(30n) - 1_500_000n);
    const item1 = (await readAs<unknown[]>(market, a3, 'fetchMyNFTs')).map(toItem)[0];
    expect(item1).toEqual({
      itemId: 1n,
      nftContract: a,
      tokenId: 1n,
      seller: a1.address,
      owner: a3.address,
      price: usdt(30n),
      sold: true,
    });
  });

  it('a sold item is not refused by a check: the second sale fails inside the NFT transfer, nothing moves', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await send(market, a2, 'createMarketSale', a, 1, usdt(30n));
    await send(usdtToken, a3, 'approve', marketAddress, usdt(30n));
    const before = await balances(a3.address, a1.address, feeCollector);
    await expectRevert(send(market, a3, 'createMarketSale', a, 1, usdt(30n)), 'ERC721IncorrectOwner');
    expect(await balances(a3.address, a1.address, feeCollector)).toEqual(before);
    expect(await read(nftA, 'ownerOf', 1)).toBe(a2.address);
  });

  it('a bought token can be listed again under a new item id', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await send(market, a2, 'createMarketSale', a, 1, usdt(30n));
    await send(nftA, a2, 'approve', marketAddress, 1);
    const receipt = await send(market, a2, 'createMarketItem', a, 1, usdt(50n));
    expect(events(market, receipt, 'MarketItemCreated')[0]?.args[0]).toBe(2n);
  });
  it('double sale (§9.1): the first item id bought again takes the relisted token at the old price, then fetchMarketItems reverts Panic(0x32)', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 2, usdt(10n)); // item 1: A#2 by a1 at 10
    await send(usdtToken, a2, 'approve', marketAddress, usdt(10n));
    await send(market, a2, 'createMarketSale', a, 1, usdt(10n)); // a2 buys item 1
    await send(nftA, a2, 'approve', marketAddress, 2);
    await send(market, a2, 'createMarketItem', a, 2, usdt(90n)); // item 2: a2 relists A#2 at 90
    const who = [a3.address, a1.address, a2.address];
    const before = await balances(...who);
    await send(usdtToken, a3, 'approve', marketAddress, usdt(10n));
    await send(market, a3, 'createMarketSale', a, 1, usdt(10n)); // a3 buys the SOLD item 1 again
    const delta = (await balances(...who)).map((b, i) => b - (before[i] ?? 0n));
    // a3 paid item 1's old price; the royalty went to the receiver (the deployer), the rest to item 1's
    // seller a1 again; a2, who relisted, got nothing and lost the token.
    expect(delta[0]).toBe(-usdt(10n));
    expect(delta[1]).toBe(8_835_000n); // 10 − 0.7 royalty − 0.465 fee
    expect(delta[2]).toBe(0n);
    expect(await read(nftA, 'ownerOf', 2)).toBe(a3.address);
    // item 2 still looks live to its seller, with nothing behind it
    const a2Items = (await readAs<unknown[]>(market, a2, 'fetchItemsCreated')).map(toItem);
    expect(a2Items.map((i) => [i.itemId, i.sold])).toEqual([[2n, false]]);
    // sold (2) now exceeds the unsold-or-deleted items (1): the array is too short, for everyone, for good
    await expectPanic32(marketItems());
    await expectPanic32(readAs(market, a3, 'fetchMarketItems'));
    // the per-caller reads count before they allocate and keep working
    expect((await readAs<unknown[]>(market, a1, 'fetchItemsCreated')).map(toItem).map((i) => i.itemId)).toEqual([1n]);
    expect((await readAs<unknown[]>(market, a3, 'fetchMyNFTs')).map(toItem).map((i) => i.itemId)).toEqual([1n]);
    // a fresh listing does not heal it
    await send(market, a1, 'createMarketItem', a, 1, usdt(5n));
    await expectPanic32(marketItems());
  });
});

describe('releaseSale', () => {
  it('seller only ("Not an owner"); returns the NFT and deletes the item; a second release is "Not an owner"', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await expectRevert(send(market, a2, 'releaseSale', 1), 'Not an owner');
    await send(market, a1, 'releaseSale', 1);
    expect(await read(nftA, 'ownerOf', 1)).toBe(a1.address);
    expect(await marketItems()).toEqual([ZERO_ITEM]);
    expect(await readAs<unknown[]>(market, a1, 'fetchItemsCreated')).toHaveLength(0);
    await expectRevert(send(market, a1, 'releaseSale', 1), 'Not an owner');
    await expectRevert(send(market, a1, 'releaseSale', 5), 'Not an owner');
    // relisting after a release works and gets a fresh id
    const receipt = await send(market, a1, 'createMarketItem', a, 1, usdt(35n));
    expect(events(market, receipt, 'MarketItemCreated')[0]?.args[0]).toBe(2n);
  });

  it('buying a released item: price 0 now, so the asking price no longer matches', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(market, a1, 'releaseSale', 1);
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await expectRevert(
      send(market, a2, 'createMarketSale', a, 1, usdt(30n)),
      'Please submit the asking price in order to complete the purchase',
    );
  });

  it('releasing a sold item fails inside the NFT transfer and keeps the item', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await send(market, a2, 'createMarketSale', a, 1, usdt(30n));
    await expectRevert(send(market, a1, 'releaseSale', 1), 'ERC721IncorrectOwner');
    expect(await read(nftA, 'ownerOf', 1)).toBe(a2.address);
    expect((await readAs<unknown[]>(market, a1, 'fetchItemsCreated')).map(toItem).map((i) => i.sold)).toEqual([true]);
  });
});

describe('reads', () => {
  it('fetchMarketItems: length created − sold, unsold items plus an all-zero entry per released item', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    const a = await addr(nftA);
    const b = await addr(nftB);
    await send(market, a1, 'createMarketItem', a, 1, usdt(10n)); // item 1 → released
    await send(market, a2, 'createMarketItem', a, 3, usdt(11n)); // item 2 → open
    await send(market, a1, 'createMarketItem', b, 1, usdt(12n)); // item 3 → sold to a3
    await send(market, a1, 'createMarketItem', a, 2, usdt(13n)); // item 4 → open
    await send(market, a1, 'releaseSale', 1);
    await send(usdtToken, a3, 'approve', marketAddress, usdt(12n));
    await send(market, a3, 'createMarketSale', b, 3, usdt(12n));

    const entries = await marketItems();
    expect(entries).toHaveLength(4 - 1);
    expect(entries.map((i) => i.itemId)).toEqual([0n, 2n, 4n]);
    expect(entries[0]).toEqual(ZERO_ITEM);
    expect(entries[1]).toEqual({
      itemId: 2n,
      nftContract: a,
      tokenId: 3n,
      seller: a2.address,
      owner: ZERO,
      price: usdt(11n),
      sold: false,
    });
    const created = (await readAs<unknown[]>(market, a1, 'fetchItemsCreated')).map(toItem);
    expect(created.map((i) => i.itemId)).toEqual([3n, 4n]);
    expect((await readAs<unknown[]>(market, a3, 'fetchMyNFTs')).map(toItem).map((i) => i.itemId)).toEqual([3n]);
    expect(await readAs<unknown[]>(market, a1, 'fetchMyNFTs')).toHaveLength(0);
  });

  it('_checkRoyalties, _deduceRoyalties and the fee collector', async () => {
    expect(await read(market, '_checkRoyalties', await addr(nftA))).toBe(true);
    expect(await read(market, '_checkRoyalties', await addr(usdtToken))).toBe(false);
    expect(await read(market, '_deduceRoyalties', await addr(nftA), 1, usdt(100n))).toBe(usdt(93n));
    expect(await read(market, '_deduceRoyalties', await addr(nftB), 1, usdt(100n))).toBe(usdt(100n));
    expect(await read(market, 'fee_collector')).toBe(feeCollector);
    await expectRevert(
      send(market, account(chain, 1), 'setFeeCollector', account(chain, 1).address),
      'OwnableUnauthorizedAccount',
    );
    await send(market, account(chain, 0), 'setFeeCollector', account(chain, 8).address);
    expect(await read(market, 'fee_collector')).toBe(account(chain, 8).address);
  });
});
