/**
 * The marketplace's two flaws (deployed-system.md §C9.1) against the fake chain: the listings read survives a bricked
 * fetchMarketItems() (MarketItemCreated events, newest item per token, kept while the marketplace holds it, block
 * ranges halved when the node refuses), and a listing that another same-id item could take is refused before any
 * prompt, or flagged to its seller once it is live.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '@/config/env';
import { readCheckoutTerms } from '@/features/checkout/api/read-terms';
import { isListedBy } from '@/features/profile/tx/preflight';
import { listingExposure, readLiveMarketItems, readSameTokenItems } from '@/lib/chain/market-listings';
import { createReadProvider } from '@/lib/chain/provider';
import { DEFAULT_USER } from '../msw/cms-db';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { CHAIN_ID, FakeChain, MARKETPLACE, RPC_URL, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

configure({ asyncUtilTimeout: 8000 });

const GATEWAY = 'https://ipfs.test/ipfs/';
/** Collection 1 of the test CMS (Terra Genesis). */
const GENESIS = '0x3000000000000000000000000000000000000001';
/** Another collection, unknown to the CMS: its token ids are the same numbers as Genesis'. */
const OTHER_COLLECTION = '0x4000000000000000000000000000000000000004';
const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const BOB = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const CAROL = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const usdt = (whole: bigint) => whole * 1_000_000n;

let chain: FakeChain;

beforeEach(() => {
  chain = new FakeChain().serveRpc();
});

function provider() {
  return createReadProvider(RPC_URL, CHAIN_ID, { pollingInterval: 10 });
}

/** Alice lists Genesis #7, Bob buys it and relists it at 90, Carol buys Alice's old item 1 again (§9.1). */
function doubleSale() {
  chain.list(GENESIS, 7, ALICE, usdt(10n)); // item 1
  chain.buyItem(BOB, GENESIS, 1n);
  chain.list(GENESIS, 7, BOB, usdt(90n)); // item 2: Bob's relisting
  chain.list(OTHER_COLLECTION, 3, ALICE, usdt(20n)); // item 3: live
  chain.buyItem(CAROL, GENESIS, 1n); // the double sale: Carol gets Genesis #7 for 10, paid to Alice
  chain.list(GENESIS, 8, ALICE, usdt(30n)); // item 4: live, listed after the brick
}

describe('the listings read', () => {
  it('reads fetchMarketItems while it works: one eth_call, no event scan', async () => {
    chain.list(GENESIS, 7, ALICE, usdt(10n));
    const items = await readLiveMarketItems(provider(), MARKETPLACE);
    expect(items.map((item) => [item.itemId, item.tokenId])).toEqual([[1n, 7n]]);
    expect(chain.logQueries).toEqual([]);
  });

  it('after a double sale fetchMarketItems reverts Panic(0x32); the listings come from the events, ranges halved when refused', async () => {
    doubleSale();
    expect(chain.ownerOf(GENESIS, 7)).toBe(CAROL);
    const runner = provider();
    await expect(
      runner.call({ to: MARKETPLACE, data: '0x0f08efe0' }), // fetchMarketItems()
    ).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });

    chain.maxLogRange = 3;
    const items = await readLiveMarketItems(runner, MARKETPLACE, { startBlock: 0, maxRange: 8 });
    // Bob's relisting (item 2) is gone with its token; items 3 and 4 are live, in the usual shape.
    expect(items).toEqual([
      expect.objectContaining({
        itemId: 3n,
        nftContract: OTHER_COLLECTION,
        tokenId: 3n,
        seller: ALICE,
        price: usdt(20n),
        sold: false,
      }),
      expect.objectContaining({
        itemId: 4n,
        nftContract: GENESIS,
        tokenId: 8n,
        seller: ALICE,
        price: usdt(30n),
        sold: false,
      }),
    ]);
    // 0–7 refused, 0–3 refused, then two-block ranges up to the head
    expect(chain.logQueries.slice(0, 3).map((query) => [query.fromBlock, query.toBlock])).toEqual([
      [0, 7],
      [0, 3],
      [0, 1],
    ]);
    const answered = chain.logQueries.filter((query) => query.toBlock - query.fromBlock < 3);
    expect(answered.at(-1)?.toBlock).toBe(chain.block);

    // A later read only scans the blocks added since.
    chain.logQueries = [];
    chain.block += 1;
    chain.list(GENESIS, 9, BOB, usdt(5n));
    const again = await readLiveMarketItems(runner, MARKETPLACE, { startBlock: 0, maxRange: 8 });
    expect(again.map((item) => item.itemId)).toEqual([3n, 4n, 5n]);
    expect(chain.logQueries.every((query) => query.fromBlock > 10)).toBe(true);
  });

  it('the checkout finds the item and Release finds its seller after the brick', async () => {
    doubleSale();
    const runner = provider();
    const config = getConfig();
    const terms = await readCheckoutTerms(
      runner,
      { tokenId: 8, collection: { contractAddress: GENESIS } as never },
      'buy',
      config,
    );
    expect(terms).toMatchObject({ ok: true, terms: { itemId: 4n, nftContract: GENESIS, price: usdt(30n) } });
    const relisted = await readCheckoutTerms(
      runner,
      { tokenId: 7, collection: { contractAddress: GENESIS } as never },
      'buy',
      config,
    );
    expect(relisted).toEqual({ ok: false, reason: 'notForSale' });
    expect(await isListedBy(runner, MARKETPLACE, 4n, ALICE)).toBe(true);
    expect(await isListedBy(runner, MARKETPLACE, 2n, BOB)).toBe(false);
  });
});

describe('the exposure rule', () => {
  it('reads the existing items with one token id in any collection, sold or live, released ones left out', async () => {
    chain.list(GENESIS, 5, ALICE, usdt(45n)); // item 1, sold below
    chain.buyItem(BOB, GENESIS, 1n);
    chain.list(OTHER_COLLECTION, 5, BOB, usdt(60n)); // item 2, live
    chain.list(OTHER_COLLECTION, 6, BOB, usdt(1n)); // item 3: another token id
    chain.list(GENESIS, 5, CAROL, usdt(2n)); // item 4, released below (deleted)
    chain.items[3] = { ...chain.items[3]!, itemId: 0n, seller: '0x0000000000000000000000000000000000000000' };

    const items = await readSameTokenItems(provider(), MARKETPLACE, 5n);
    expect(items.map((item) => [item.itemId, item.sold]).sort()).toEqual([
      [1n, true],
      [2n, false],
    ]);
    // The scan asked the node for token id 5 only (topic 3).
    expect(chain.logQueries.every((query) => BigInt(query.tokenTopic ?? 0) === 5n)).toBe(true);

    // Another seller's item: refused, for the lowest such price, whatever the new price.
    expect(listingExposure(items, { seller: CAROL, price: usdt(450n) })).toEqual({
      price: usdt(45n),
      otherSeller: true,
    });
    expect(listingExposure(items, { seller: CAROL, price: usdt(1n) })).toEqual({ price: usdt(45n), otherSeller: true });
    // Bob's own live item 2 is exposed by Alice's sold item 1.
    expect(listingExposure(items, { seller: BOB, price: usdt(60n), itemId: 2n })).toEqual({
      price: usdt(45n),
      otherSeller: true,
    });
  });

  it("the seller's own items: a price above the lowest of them is refused, at or below it is safe", () => {
    const own = (itemId: bigint, price: bigint) => ({
      itemId,
      nftContract: GENESIS as `0x${string}`,
      tokenId: 5n,
      seller: ALICE as `0x${string}`,
      owner: ALICE as `0x${string}`,
      price,
      sold: true,
    });
    const items = [own(1n, usdt(50n)), own(2n, usdt(70n))];
    expect(listingExposure(items, { seller: ALICE, price: usdt(60n) })).toEqual({
      price: usdt(50n),
      otherSeller: false,
    });
    expect(listingExposure(items, { seller: ALICE, price: usdt(50n) })).toBeNull();
    expect(listingExposure([], { seller: ALICE, price: usdt(50n) })).toBeNull();
  });
});

describe('on screen', () => {
  let genesis: FakeNftCollection;
  beforeEach(() => {
    genesis = chain.install(GENESIS, new FakeNftCollection(chain, GENESIS, 'Terra Genesis', 'ipfs://QmGenesis/'));
    genesis.mintTo(USER, 5);
    server.use(
      http.get(`${GATEWAY}:cid/:id`, ({ params }) =>
        HttpResponse.json({ name: `Genesis #${String(params.id)}`, description: 'x', image: 'ipfs://QmImg/g.png' }),
      ),
    );
    storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
  });

  it('List Now is refused in words, with no wallet prompt, when another seller has an item with the same token id', async () => {
    chain.list(OTHER_COLLECTION, 5, ALICE, usdt(45n));
    const view = renderApp('/Profile', { walletConnector: chain.connector().load });
    await view.user.click(await screen.findByRole('button', { name: 'List Now: Genesis #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Listing your NFT' });
    await view.user.type(within(dialog).getByPlaceholderText('Enter list price...'), '450');
    await view.user.click(within(dialog).getByRole('button', { name: 'List NFT' }));
    const refusal = await within(dialog).findByText(/This NFT cannot be listed safely/);
    expect(refusal).toHaveTextContent('same token number #5');
    expect(refusal).toHaveTextContent('anyone could take it for 45 USDT');
    expect(refusal).toHaveTextContent('Listing on other ERC-721 marketplaces is not affected');
    expect(chain.walletMethods().filter((m) => m === 'eth_sendTransaction' || m === 'eth_estimateGas')).toEqual([]);
    expect(chain.ownerOf(GENESIS, 5)).toBe(USER);
  });

  it('a live listing exposed later is flagged in On Sale and on the NFT page, with Release offered', async () => {
    for (const id of [101, 102, 103]) chain.list(GENESIS, id, ALICE, 1n);
    chain.list(GENESIS, 2, USER, usdt(120n)); // item 4: CMS NFT 2, the user's listing
    chain.list(OTHER_COLLECTION, 2, ALICE, usdt(5n)); // item 5: same token id, another seller, later
    const view = renderApp('/Profile', { walletConnector: chain.connector().load });
    await view.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    const onSale = await screen.findByRole('list', { name: 'Your NFTs on sale' });
    const [card] = within(onSale).getAllByRole('article');
    const warning = await within(card!).findByRole('alert');
    expect(warning).toHaveTextContent('This listing is at risk');
    expect(warning).toHaveTextContent('anyone can take this NFT for 5 USDT');
    expect(within(card!).getByRole('button', { name: 'Release from Sale: Genesis #2' })).toBeEnabled();
    view.unmount();

    renderApp('/ItemDetail/2', { walletConnector: chain.connector().load });
    const flag = await screen.findByText(/anyone can take this NFT for 5 USDT/);
    expect(flag.closest('[role="alert"]')).toHaveTextContent('This listing is at risk');
    expect(screen.getByRole('button', { name: 'Release from Sale' })).toBeInTheDocument();
  });

  it('a listing with no other same-id item shows no warning', async () => {
    for (const id of [101, 102, 103]) chain.list(GENESIS, id, ALICE, 1n);
    chain.list(GENESIS, 2, USER, usdt(120n));
    const view = renderApp('/Profile', { walletConnector: chain.connector().load });
    await view.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    const onSale = await screen.findByRole('list', { name: 'Your NFTs on sale' });
    await waitFor(() => expect(chain.logQueries.length).toBeGreaterThan(0));
    await waitFor(() => expect(within(onSale).queryByRole('alert')).not.toBeInTheDocument());
  });
});
