/** NFTMarket: listing escrow, MarketItemCreated ids, 5 % fee + ERC-2981 royalty split, release, reads. */
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

  it('reverts on double listing, a non-owner, missing approval and zero price', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await expectRevert(send(market, a1, 'createMarketItem', a, 1, usdt(30n)), 'Marketplace: token already listed');
    await expectRevert(
      send(market, a2, 'createMarketItem', a, 2, usdt(30n)),
      'Marketplace: caller is not the token owner',
    );
    await send(nftA, a2, 'setApprovalForAll', marketAddress, false);
    await expectRevert(
      send(market, a2, 'createMarketItem', a, 3, usdt(30n)),
      'Marketplace: marketplace not approved for token',
    );
    await send(nftA, a2, 'approve', marketAddress, 3);
    await expectRevert(send(market, a2, 'createMarketItem', a, 3, 0n), 'Marketplace: price must be above zero');
    await send(market, a2, 'createMarketItem', a, 3, usdt(1n));
    await expectRevert(send(market, a3, 'createMarketItem', a, 99, usdt(1n)), 'ERC721NonexistentToken');
  });
});

describe('createMarketSale', () => {
  it('splits the price: 5 % fee, 7 % royalty, the rest to the seller — to the wei', async () => {
    const [a1, a3] = [account(chain, 1), account(chain, 3)];
    const a = await addr(nftA);
    const price = 33_333_333n; // 33.333333 USDT: fee and royalty both round down
    await send(market, a1, 'createMarketItem', a, 2, price);
    const royaltyReceiver = account(chain, 0).address;
    const before = {
      buyer: await balance(usdtToken, a3.address),
      seller: await balance(usdtToken, a1.address),
      fee: await balance(usdtToken, feeCollector),
      royalty: await balance(usdtToken, royaltyReceiver),
    };
    await send(usdtToken, a3, 'approve', marketAddress, price);
    const receipt = await send(market, a3, 'createMarketSale', a, 1, price);

    const fee = 1_666_666n; // floor(33,333,333 × 500 / 10,000)
    const royalty = 2_333_333n; // floor(33,333,333 × 700 / 10,000)
    expect(before.buyer - (await balance(usdtToken, a3.address))).toBe(price);
    expect((await balance(usdtToken, feeCollector)) - before.fee).toBe(fee);
    expect((await balance(usdtToken, royaltyReceiver)) - before.royalty).toBe(royalty);
    expect((await balance(usdtToken, a1.address)) - before.seller).toBe(price - fee - royalty);
    expect(price - fee - royalty).toBe(29_333_334n);
    expect(await balance(usdtToken, marketAddress)).toBe(0n);
    expect(await read(nftA, 'ownerOf', 2)).toBe(a3.address);
    const paid = events(market, receipt, 'RoyaltiesPaid');
    expect(paid.map((p) => [...p.args])).toEqual([[2n, royalty]]);

    expect(await marketItems()).toEqual([]);
    const mine = (await readAs<unknown[]>(market, a3, 'fetchMyNFTs')).map(toItem);
    expect(mine).toEqual([
      { itemId: 1n, nftContract: a, tokenId: 2n, seller: a1.address, owner: a3.address, price, sold: true },
    ]);
  });

  it('without a royalty the seller gets 95 % and no RoyaltiesPaid is emitted', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const b = await addr(nftB);
    await send(market, a1, 'createMarketItem', b, 1, usdt(20n));
    const sellerBefore = await balance(usdtToken, a1.address);
    await send(usdtToken, a2, 'approve', marketAddress, usdt(20n));
    const receipt = await send(market, a2, 'createMarketSale', b, 1, usdt(20n));
    expect((await balance(usdtToken, a1.address)) - sellerBefore).toBe(usdt(19n));
    expect(await balance(usdtToken, feeCollector)).toBe(usdt(1n));
    expect(events(market, receipt, 'RoyaltiesPaid')).toHaveLength(0);
  });

  it('reverts on a wrong amount, missing allowance, wrong contract, unknown or sold item', async () => {
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    const a = await addr(nftA);
    const b = await addr(nftB);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n) - 1n);
    await expectRevert(
      send(market, a2, 'createMarketSale', a, 1, usdt(30n)),
      'Marketplace: insufficient USDT allowance',
    );
    await expectRevert(
      send(market, a2, 'createMarketSale', a, 1, usdt(29n)),
      'Marketplace: amount paid must equal the asking price',
    );
    await expectRevert(
      send(market, a2, 'createMarketSale', b, 1, usdt(30n)),
      'Marketplace: item is not from this NFT contract',
    );
    await expectRevert(send(market, a2, 'createMarketSale', a, 2, usdt(30n)), 'Marketplace: item does not exist');
    await expectRevert(send(market, a2, 'createMarketSale', a, 0, usdt(30n)), 'Marketplace: item does not exist');
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await send(market, a2, 'createMarketSale', a, 1, usdt(30n));
    await send(usdtToken, a3, 'approve', marketAddress, usdt(30n));
    await expectRevert(send(market, a3, 'createMarketSale', a, 1, usdt(30n)), 'Marketplace: item is not for sale');
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
});

describe('releaseSale', () => {
  it('returns the NFT to its seller only, once', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    const a = await addr(nftA);
    await send(market, a1, 'createMarketItem', a, 1, usdt(30n));
    await expectRevert(send(market, a2, 'releaseSale', 1), 'Marketplace: only the seller can release');
    await send(market, a1, 'releaseSale', 1);
    expect(await read(nftA, 'ownerOf', 1)).toBe(a1.address);
    expect(await marketItems()).toEqual([]);
    await expectRevert(send(market, a1, 'releaseSale', 1), 'Marketplace: item is not for sale');
    await expectRevert(send(market, a1, 'releaseSale', 5), 'Marketplace: item does not exist');
    await send(usdtToken, a2, 'approve', marketAddress, usdt(30n));
    await expectRevert(send(market, a2, 'createMarketSale', a, 1, usdt(30n)), 'Marketplace: item is not for sale');
    // relisting after a release works and gets a fresh id
    const receipt = await send(market, a1, 'createMarketItem', a, 1, usdt(35n));
    expect(events(market, receipt, 'MarketItemCreated')[0]?.args[0]).toBe(2n);
  });
});

describe('reads', () => {
  it('fetchMarketItems lists unsold, unreleased items in id order; fetchItemsCreated is per seller', async () => {
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

    const open = await marketItems();
    expect(open.map((i) => i.itemId)).toEqual([2n, 4n]);
    expect(open[0]).toEqual({
      itemId: 2n,
      nftContract: a,
      tokenId: 3n,
      seller: a2.address,
      owner: ZERO,
      price: usdt(11n),
      sold: false,
    });
    const created = (await readAs<unknown[]>(market, a1, 'fetchItemsCreated')).map(toItem);
    expect(created.map((i) => i.itemId)).toEqual([1n, 3n, 4n]);
    expect((await readAs<unknown[]>(market, a3, 'fetchMyNFTs')).map(toItem).map((i) => i.itemId)).toEqual([3n]);
    expect(await readAs<unknown[]>(market, a1, 'fetchMyNFTs')).toHaveLength(0);
    expect(await read<unknown[]>(market, 'fetchMyNFTs')).toHaveLength(0);
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
