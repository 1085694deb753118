/**
 * The profile through the screen, with the keyless on-chain indexer (.env.test has no Moralis
 * key): the fake chain holds the wallet's tokens in ERC-721 Enumerable collections, the metadata
 * comes from an ipfs:// tokenURI through the test gateway, the CMS is MSW. Listing and release run
 * through the shared chain action path and the bookkeeping outbox.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZeroAddress } from 'ethers';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingStore } from '@/lib/tx/pending-store';
import { NFT_STATUS } from '@/lib/cms/types';
import { outboxStore } from '@/lib/tx/outbox/outbox-store';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { FakeChain, MARKETPLACE, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

configure({ asyncUtilTimeout: 8000 });

const GATEWAY = 'https://ipfs.test/ipfs/';
const GENESIS = '0x3000000000000000000000000000000000000001';
/** Staking pool 0 of .env.test: enumerated by the on-chain indexer, unknown to the CMS. */
const POOL = '0x2000000000000000000000000000000000000000';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The first bytes of a GIF89a. */
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00]);

let chain: FakeChain;
let genesis: FakeNftCollection;
let pool: FakeNftCollection;

/** CMS requests other than GETs, as "METHOD /path". */
function recordCmsWrites() {
  const writes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.host === 'cms.test' && request.method !== 'GET') writes.push(`${request.method} ${url.pathname}`);
  });
  return writes;
}

beforeEach(() => {
  chain = new FakeChain().serveRpc();
  genesis = chain.install(GENESIS, new FakeNftCollection(chain, GENESIS, 'Terra Genesis', 'ipfs://QmGenesis/'));
  pool = chain.install(POOL, new FakeNftCollection(chain, POOL, 'Pool Zero', 'ipfs://QmPool/'));
  // Token 3 has a CMS row (Genesis #3, status 3), token 5 has none, token 6 has no image.
  genesis.mintTo(USER, 3, 5, 6).mintTo(OTHER, 7);
  server.use(
    http.get(`${GATEWAY}:cid/:id`, ({ params }) => {
      const id = String(params.id);
      const collection = params.cid === 'QmPool' ? 'Pool' : 'Genesis';
      return HttpResponse.json({
        name: `${collection} #${id}`,
        description: `${collection} token ${id}`,
        image: id === '6' ? null : `ipfs://QmImg/${collection}-${id}.png`,
      });
    }),
  );
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});
afterEach(() => server.events.removeAllListeners());

function openProfile() {
  return renderApp('/Profile', { walletConnector: chain.connector().load });
}

const collected = () => screen.findByRole('list', { name: 'Collected NFTs' });
const listingDialog = () => screen.getByRole('dialog', { name: 'Listing your NFT' });
const sends = () => chain.walletMethods().filter((method) => method === 'eth_sendTransaction');

async function openListing(view: ReturnType<typeof openProfile>, name: string) {
  await view.user.click(await screen.findByRole('button', { name: `List Now: ${name}` }));
  return screen.findByRole('dialog', { name: 'Listing your NFT' });
}

async function listAt(view: ReturnType<typeof openProfile>, price: string) {
  const dialog = listingDialog();
  const field = within(dialog).getByPlaceholderText('Enter list price...');
  await view.user.clear(field);
  if (price) await view.user.type(field, price);
  await view.user.click(within(dialog).getByRole('button', { name: 'List NFT' }));
}

describe('profile', () => {
  it('shows the address 5…37–42 with the tick, the wallet NFTs with an image, and the CMS listings', async () => {
    const view = openProfile();
    expect(await screen.findByText('0x709...dc79C8')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();

    const list = await collected();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Genesis #3', 'Genesis #5']);
    expect(within(cards[0]!).getByText('Terra Genesis')).toBeInTheDocument();
    expect(cards[1]!.querySelector('img')).toHaveAttribute('src', `${GATEWAY}QmImg/Genesis-5.png`);
    expect(within(list).queryByText('Genesis #6')).not.toBeInTheDocument();
    expect(within(list).queryByText('Genesis #7')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'List Now: Genesis #3' })).toHaveTextContent('List Now');

    await view.user.click(screen.getByRole('tab', { name: 'On Sale' }));
    const onSale = await screen.findByRole('list', { name: 'Your NFTs on sale' });
    const [card] = within(onSale).getAllByRole('article');
    expect(within(card!).getByRole('heading')).toHaveTextContent('Genesis #2');
    expect(within(card!).getByText('Terra Genesis')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'View Genesis #2' })).toHaveAttribute('href', '/ItemDetail/2');
  });

  it('an On Sale card shows its price and a visible Release from Sale button', async () => {
    cmsDb.update('nfts', 2, { price: '1234.5' });
    const view = openProfile();
    await view.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    const onSale = await screen.findByRole('list', { name: 'Your NFTs on sale' });
    const [card] = within(onSale).getAllByRole('article');
    expect(card).toHaveTextContent('Price 1234.500 USDT ≈ $1,234.50');
    expect(within(card!).getByRole('button', { name: 'Release from Sale: Genesis #2' })).toHaveTextContent(
      'Release from Sale',
    );
  });

  it('an On Sale card writes its price and its ≈ $ in Italian notation in the Italian interface', async () => {
    cmsDb.update('nfts', 2, { price: '45000.5' });
    const view = renderApp('/Profile', { walletConnector: chain.connector().load, language: 'it' });
    await view.user.click(await screen.findByRole('tab', { name: 'In vendita' }));
    const onSale = await screen.findByRole('list', { name: 'I tuoi NFT in vendita' });
    const [card] = within(onSale).getAllByRole('article');
    expect(card).toHaveTextContent('Prezzo 45000,500 USDT ≈ $45.000,50');
  });

  it('says so when the wallet holds nothing and nothing is on sale', async () => {
    chain.owners.clear();
    cmsDb.update('nfts', 2, { nft_status: NFT_STATUS.owned });
    const view = openProfile();
    expect(await screen.findByText('No items to display')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'On Sale' }));
    await waitFor(() => expect(screen.getAllByText('No items to display')).toHaveLength(2));
  });

  it('shows an error with Try again when the chain cannot be read, and recovers', async () => {
    chain.rpcDown = true;
    const view = openProfile();
    const alert = await screen.findByRole('alert');
    chain.rpcDown = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await collected()).getAllByRole('article')).toHaveLength(2);
  });
});

describe('listing', () => {
  it('an empty price says what is missing; a bad price is explained; neither reaches the wallet', async () => {
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    const dialog = listingDialog();
    expect(within(dialog).getByText('Note: Kindly approve before Listing NFT.')).toBeInTheDocument();
    expect(within(dialog).getByText(/two transactions/)).toBeInTheDocument();

    for (const [price, message] of [
      ['', 'Enter the price in USDT to list this NFT.'],
      ['12.1234567', 'USDT has at most 6 decimals.'],
      ['0', 'The price must be more than 0 USDT.'],
      ['-3', 'The price must be more than 0 USDT.'],
      ['abc', 'Enter the price as a number, for example 45,000.5.'],
      ['1,5', 'In English write the price like 45,000.5: comma for thousands, point for decimals.'],
      ['45.000,5', 'In English write the price like 45,000.5: comma for thousands, point for decimals.'],
    ] as const) {
      await listAt(view, price);
      expect(within(dialog).getByText(message)).toBeInTheDocument();
      expect(within(dialog).getByPlaceholderText('Enter list price...')).toHaveValue(price);
    }
    expect(
      chain.walletCalls.filter(
        (call) => call.method.startsWith('eth_') && call.method !== 'eth_chainId' && call.method !== 'eth_accounts',
      ),
    ).toEqual([]);
    expect(chain.items).toEqual([]);
  });

  it('names the NFT and shows, for the typed price, the royalty, the fee on the rest and what the seller receives', async () => {
    chain.royalty(GENESIS, OTHER, 700n); // 7 % ERC-2981 royalty
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    const dialog = listingDialog();
    expect(within(dialog).getByText('Genesis #5 · Terra Genesis')).toBeInTheDocument();
    expect(within(dialog).queryByText(/You receive/)).not.toBeInTheDocument();

    await view.user.type(within(dialog).getByPlaceholderText('Enter list price...'), '30');
    expect(within(dialog).getByText('= 30.000 USDT')).toBeInTheDocument();
    const proceeds = await within(dialog).findByRole('region', { name: 'If it sells at 30 USDT' });
    await within(proceeds).findByText('You receive');
    const rows = within(proceeds)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    // deployed-system.md §C9.1: royalty 2.1, fee ⌊27.9 × 5 %⌋ = 1.395, seller 26.505
    expect(rows).toEqual(['2.1 USDT', '1.395 USDT', '26.505 USDT']);
    expect(within(proceeds).getByText('≈ $26.50')).toBeInTheDocument(); // what the seller receives, in dollars, rounded down (docs/amounts.md)

    await view.user.type(within(dialog).getByPlaceholderText('Enter list price...'), '.000001');
    const exact = await within(dialog).findByRole('region', { name: 'If it sells at 30.000001 USDT' });
    // royalty ⌊30,000,001 × 7 %⌋ = 2,100,000; fee ⌊27,900,001 × 5 %⌋ = 1,395,000
    await waitFor(() =>
      expect(
        within(exact)
          .getAllByRole('definition')
          .map((cell) => cell.textContent),
      ).toEqual(['2.1 USDT', '1.395 USDT', '26.505001 USDT']),
    );
    expect(sends()).toEqual([]);
  });

  it('Italian price: 45.000 is forty-five thousand USDT, echoed before the wallet and listed so on chain; 1.5 is refused', async () => {
    const view = renderApp('/Profile', { walletConnector: chain.connector().load, language: 'it' });
    await view.user.click(await screen.findByRole('button', { name: 'Metti in vendita: Genesis #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Metti in vendita il tuo NFT' });
    const field = within(dialog).getByPlaceholderText('Inserisci il prezzo di vendita...');

    await view.user.type(field, '1.5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Metti in vendita' }));
    expect(
      within(dialog).getByText(
        'In italiano scrivi il prezzo come 45.000,5: punto per le migliaia, virgola per i decimali.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveValue('1.5');
    expect(sends()).toEqual([]);

    await view.user.clear(field);
    await view.user.type(field, '45.000');
    expect(within(dialog).getByText('= 45\u00a0000,000 USDT', { normalizer: (text) => text })).toBeInTheDocument();
    // The split in Italian: thousands grouped with a point, the unit after the figure as in English.
    const proceeds = await within(dialog).findByRole('region', { name: 'Se viene venduto a 45.000 USDT' });
    await waitFor(() =>
      expect(
        within(proceeds)
          .getAllByRole('definition')
          .map((cell) => cell.textContent),
      ).toEqual(['0 USDT', '2.250 USDT', '42.750 USDT']),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Metti in vendita' }));
    await waitFor(() =>
      expect(chain.items).toEqual([expect.objectContaining({ tokenId: 5n, price: 45_000_000_000n })]),
    );
  });

  it('approves, lists, creates the NFT row from the item id of the event, and moves the card to On Sale', async () => {
    const writes = recordCmsWrites();
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    await listAt(view, '12.5');

    const dialog = listingDialog();
    await within(dialog).findByText('Genesis #5 is on sale.');
    expect(within(dialog).getByText('1 of 2 — approve NFT')).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 2 — list')).toBeInTheDocument();
    expect(sends()).toHaveLength(2);
    expect(chain.ownerOf(GENESIS, 5)).toBe(MARKETPLACE);
    expect(chain.items).toEqual([
      expect.objectContaining({
        itemId: 1n,
        tokenId: 5n,
        price: 12_500_000n,
        seller: expect.stringMatching(/^0x70997970/i),
      }),
    ]);

    const row = cmsDb.tables.nfts.find((nft) => nft.collection === 1 && Number(nft.token_id) === 5);
    expect(row).toMatchObject({
      token_name: 'Genesis #5',
      description: 'Genesis token 5',
      owner: USER,
      price: '12.5',
      item_id: 1,
      nft_status: NFT_STATUS.listed,
      token_standard: 'ERC721',
      img_url: `${GATEWAY}QmImg/Genesis-5.png`,
      views: 0,
      likes: 0,
    });
    expect(writes).toEqual(['POST /api/nft-v1s']);
    expect(outboxStore.read()).toEqual([]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Collected NFTs' })).queryByText('Genesis #5'),
      ).not.toBeInTheDocument(),
    );
    await view.user.click(screen.getByRole('tab', { name: 'On Sale' }));
    const onSale = await screen.findByRole('list', { name: 'Your NFTs on sale' });
    await within(onSale).findByText('Genesis #5');
  });

  it('updates the existing row of a known token, and asks only for the listing when already approved', async () => {
    chain.approvals.set(`${GENESIS.toLowerCase()}:3`, MARKETPLACE);
    const writes = recordCmsWrites();
    const view = openProfile();
    await openListing(view, 'Genesis #3');
    await listAt(view, '7');
    await within(listingDialog()).findByText('Genesis #3 is on sale.');
    expect(within(listingDialog()).getByText('1 of 1 — list')).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(cmsDb.find('nfts', 3)).toMatchObject({ nft_status: NFT_STATUS.listed, price: '7', item_id: 1, owner: USER });
    expect(writes).toEqual(['PUT /api/nft-v1s/3']);
  });

  it('creates the collection first when the contract is unknown to the CMS', async () => {
    pool.mintTo(USER, 9);
    const collectionsBefore = cmsDb.tables.collections.length;
    const view = openProfile();
    await openListing(view, 'Pool #9');
    await listAt(view, '3');
    await within(listingDialog()).findByText('Pool #9 is on sale.');
    const created = cmsDb.tables.collections.at(-1);
    expect(cmsDb.tables.collections).toHaveLength(collectionsBefore + 1);
    expect(created).toMatchObject({
      name: 'Pool Zero',
      contract_address: POOL.toLowerCase(),
      status: 'Active',
      category: 1,
      chain_id: 31337,
      chain_name: 'Anvil Local',
      users_permissions_user: DEFAULT_USER.id,
    });
    expect(cmsDb.tables.nfts.at(-1)).toMatchObject({ collection: created?.id, token_id: 9, item_id: 1 });
  });

  it('a wallet rejection is not an error: nothing is written and the user can try again', async () => {
    const writes = recordCmsWrites();
    chain.rejectNextRequest('eth_sendTransaction');
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    await listAt(view, '1');
    await within(listingDialog()).findByText(/You declined the request in your wallet/);
    expect(within(listingDialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
    expect(within(listingDialog()).getByPlaceholderText('Enter list price...')).toHaveValue('1');
    await view.user.click(within(listingDialog()).getByRole('button', { name: 'Try again' }));
    await within(listingDialog()).findByText('Genesis #5 is on sale.');
  });

  it('re-reads the chain: a token that left the wallet is not offered to the wallet', async () => {
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    chain.setOwner(GENESIS, 5, OTHER);
    await listAt(view, '1');
    expect(
      await within(listingDialog()).findByText('This NFT is no longer in your wallet, so it cannot be listed.'),
    ).toBeInTheDocument();
    expect(chain.walletMethods()).not.toContain('eth_sendTransaction');
  });

  it('the close button is disabled while the transaction is pending', async () => {
    chain.approvals.set(`${GENESIS.toLowerCase()}:5`, MARKETPLACE);
    chain.holdBlocks = true;
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    await listAt(view, '1');
    await within(listingDialog()).findByText('Pending on chain');
    expect(within(listingDialog()).getByText('Waiting for Transaction...')).toBeInTheDocument();
    expect(within(listingDialog()).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(listingDialog()).getByRole('button', { name: 'List NFT' })).toBeDisabled();
    chain.mine();
    await within(listingDialog()).findByText('Genesis #5 is on sale.');
  });

  it('keeps the listing record through a CMS outage and writes it once when the CMS is back', async () => {
    let failures = 1;
    server.use(
      http.post('http://cms.test/api/nft-v1s', () => {
        if (failures-- > 0) return HttpResponse.json({ error: { message: 'down' } }, { status: 503 });
        return undefined;
      }),
    );
    const view = openProfile();
    await openListing(view, 'Genesis #5');
    await listAt(view, '2');
    expect(await within(listingDialog()).findByText(/The listing could not be saved yet/)).toBeInTheDocument();
    expect(outboxStore.read()).toHaveLength(1);
    await waitFor(() => expect(outboxStore.read()).toEqual([]), { timeout: 10000 });
    expect(cmsDb.tables.nfts.filter((nft) => nft.collection === 1 && Number(nft.token_id) === 5)).toEqual([
      expect.objectContaining({ item_id: 1, nft_status: NFT_STATUS.listed }),
    ]);
  });

  it('a listing still pending when the page unloads is recorded after the reload, with the item id of its event', async () => {
    chain.approvals.set(`${GENESIS.toLowerCase()}:5`, MARKETPLACE);
    chain.holdBlocks = true;
    const first = openProfile();
    await openListing(first, 'Genesis #5');
    await listAt(first, '4');
    await within(listingDialog()).findByText('Pending on chain');
    first.unmount();

    chain.mine();
    const second = openProfile();
    await waitFor(
      () =>
        expect(cmsDb.tables.nfts.find((nft) => nft.collection === 1 && Number(nft.token_id) === 5)).toMatchObject({
          item_id: 1,
          price: '4',
        }),
      { timeout: 10000 },
    );
    await waitFor(() => expect(pendingStore.read()).toEqual([]));
    expect(outboxStore.read()).toEqual([]);
    second.unmount();
  });
});

describe('release', () => {
  /** NFT 2 of the CMS (item 4, Genesis #2) is on the fake marketplace as item 4, sold by the user. */
  function listedByUser() {
    for (const id of [101, 102, 103]) chain.list(GENESIS, id, OTHER, 1n);
    return chain.list(GENESIS, 2, USER, 120_250_000n);
  }

  async function openRelease(view: ReturnType<typeof openProfile>) {
    await view.user.click(screen.getByRole('tab', { name: 'On Sale' }));
    await view.user.click(await screen.findByRole('button', { name: 'Release from Sale: Genesis #2' }));
    return screen.findByRole('dialog', { name: 'Release from Sale' });
  }

  it('releases the item on chain, sets the row to status 3 and empties On Sale', async () => {
    expect(listedByUser()).toBe(4n);
    const view = openProfile();
    const dialog = await openRelease(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await within(dialog).findByText('Genesis #2 is back in your wallet.');
    expect(within(dialog).getByText('1 of 1 — release')).toBeInTheDocument();
    // §9.1: the item is deleted; the marketplace keeps an all-zero entry in its place
    expect(chain.items.some((item) => item.itemId === 4n)).toBe(false);
    expect(chain.items[3]).toMatchObject({ itemId: 0n, tokenId: 0n, price: 0n });
    expect(chain.ownerOf(GENESIS, 2)).toBe(USER);
    expect(cmsDb.find('nfts', 2)?.nft_status).toBe(NFT_STATUS.owned);
    await view.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('No items to display')).toBeInTheDocument();
  });

  it('refuses, without a wallet prompt, an item this account no longer lists on chain', async () => {
    for (const id of [101, 102, 103]) chain.list(GENESIS, id, OTHER, 1n);
    chain.list(GENESIS, 2, OTHER, 1n); // item 4 belongs to someone else on chain
    const writes = recordCmsWrites();
    const view = openProfile();
    const dialog = await openRelease(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(
      await within(dialog).findByText(
        'Genesis #2 is no longer on sale from this account (it was released or sold meanwhile), so there is nothing to release. Nothing was sent.',
      ),
    ).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m.startsWith('eth_send') || m === 'eth_estimateGas')).toEqual([]);
    expect(writes).toEqual([]);
    expect(cmsDb.find('nfts', 2)?.nft_status).toBe(NFT_STATUS.listed);
  });

  it('a release the chain still refuses is explained in words, not as the raw revert', async () => {
    expect(listedByUser()).toBe(4n);
    // listed by the user, but the marketplace no longer holds the token (§9.1 trusts the buyer's contract argument)
    chain.setOwner(GENESIS, 2, OTHER);
    const view = openProfile();
    const dialog = await openRelease(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(
      await within(dialog).findByText(
        'The blockchain refused the transaction: the NFT is no longer where the transfer expects it (sold, released or moved meanwhile) or its approval is missing. Nothing was charged apart from the network fee.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/ERC721/)).not.toBeInTheDocument();
    expect(sends()).toEqual([]);
  });

  it('refuses a sold item the same way (the marketplace lists it no more)', async () => {
    expect(listedByUser()).toBe(4n);
    // bought from a second account meanwhile
    chain.items[3] = { ...chain.items[3]!, sold: true, owner: OTHER };
    chain.setOwner(GENESIS, 2, OTHER);
    const view = openProfile();
    const dialog = await openRelease(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText(/Genesis #2 is no longer on sale from this account/)).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m.startsWith('eth_send') || m === 'eth_estimateGas')).toEqual([]);
  });

  it('refuses a released item (an all-zero entry) the same way', async () => {
    expect(listedByUser()).toBe(4n);
    // released from another tab meanwhile: §9.1 deletes the item
    chain.items[3] = {
      ...chain.items[3]!,
      itemId: 0n,
      nftContract: ZeroAddress,
      tokenId: 0n,
      seller: ZeroAddress,
      price: 0n,
    };
    const view = openProfile();
    const dialog = await openRelease(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText(/Genesis #2 is no longer on sale from this account/)).toBeInTheDocument();
    expect(chain.walletMethods().filter((m) => m.startsWith('eth_send') || m === 'eth_estimateGas')).toEqual([]);
  });
});

describe('avatar', () => {
  async function openUpload(view: ReturnType<typeof openProfile>) {
    await view.user.click(await screen.findByRole('button', { name: 'Change your profile image' }));
    return screen.findByRole('dialog', { name: 'Upload Image' });
  }

  it('uploads the first image, then replaces it (old file deleted first) and shows the new one', async () => {
    const writes = recordCmsWrites();
    const view = openProfile();
    let dialog = await openUpload(view);
    await view.user.upload(
      within(dialog).getByLabelText('Upload image'),
      new File([PNG], 'first.png', { type: 'image/png' }),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Image' })).not.toBeInTheDocument());
    const avatar = () => screen.getByRole('img', { name: 'Your profile image' });
    await waitFor(() =>
      expect(avatar()).toHaveAttribute('src', expect.stringMatching(/^http:\/\/cms\.test\/uploads\//)),
    );
    const first = avatar().getAttribute('src');

    dialog = await openUpload(view);
    await view.user.upload(
      within(dialog).getByLabelText('Upload image'),
      new File([GIF], 'second.gif', { type: 'image/gif' }),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(avatar().getAttribute('src')).toMatch(/^http:\/\/cms\.test\/uploads\/.+\.gif$/));
    expect(avatar().getAttribute('src')).not.toBe(first);
    expect(writes).toEqual([
      'POST /api/user-avatars',
      expect.stringMatching(/^DELETE \/api\/upload\/files\/\d+$/),
      'POST /api/upload',
    ]);
    expect(cmsDb.tables.userAvatars).toHaveLength(1);
    // One avatar file left: the first was deleted before the second was attached.
    const [row] = cmsDb.tables.userAvatars;
    expect(cmsDb.tables.files.filter((file) => file.id === row?.avatar)).toHaveLength(1);
    expect(cmsDb.tables.files.some((file) => first?.endsWith(file.url))).toBe(false);
  });

  it('refuses no file, a wrong type and an oversize image with a message, sending nothing', async () => {
    const writes = recordCmsWrites();
    const view = openProfile();
    const dialog = await openUpload(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose an image to upload.')).toBeInTheDocument();

    const field = within(dialog).getByLabelText('Upload image');
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(PNG);
    await view.user.upload(field, new File([huge], 'huge.png', { type: 'image/png' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('This image is 6.0 MB; the limit is 5 MB.')).toBeInTheDocument();

    // A file picker's "All files" choice: the accept filter does not stop it.
    fireEvent.change(field, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('This file is not a jpg, jpeg, gif or png image.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('refuses HTML renamed .png by its first bytes, with the wrong-type message, sending nothing', async () => {
    const writes = recordCmsWrites();
    const view = openProfile();
    const dialog = await openUpload(view);
    const page = new File(['<!doctype html><script>alert(1)</script>'], 'photo.png', { type: 'image/png' });
    await view.user.upload(within(dialog).getByLabelText('Upload image'), page);
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('This file is not a jpg, jpeg, gif or png image.')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('avatar not available: the CMS refuses the lookup (400) — the dialog says so and offers no upload', async () => {
    cmsDb.withMode({ userFind: false });
    const writes = recordCmsWrites();
    const view = openProfile();
    const dialog = await openUpload(view);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Profile pictures are not available on this server.',
    );
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Upload image')).toBeDisabled();
    expect(writes).toEqual([]);
  });

  it('a created row without the user link is a visible failure, and its file is deleted again', async () => {
    const writes = recordCmsWrites();
    const view = openProfile();
    const dialog = await openUpload(view);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled());
    // The lookup answered (no avatar yet); the CMS then drops the user link of the new row.
    cmsDb.withMode({ userFind: false });
    await view.user.upload(
      within(dialog).getByLabelText('Upload image'),
      new File([PNG], 'me.png', { type: 'image/png' }),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Profile pictures are not available on this server.',
    );
    expect(writes).toEqual(['POST /api/user-avatars', expect.stringMatching(/^DELETE \/api\/upload\/files\/\d+$/)]);
    const [row] = cmsDb.tables.userAvatars;
    expect(row).toMatchObject({ users_permissions_user: null, avatar: null });
    expect(cmsDb.tables.files.some((file) => file.name === 'me.png')).toBe(false);
  });
});
