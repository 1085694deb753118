/**
 * Selling where the user looks and many at once (issue 40.1–2), through the screen: the fake chain holds the
 * wallet's tokens and the marketplace, the CMS is MSW. Change price on the NFT page is one plan (release, approve,
 * list) and says where the NFT is when the relist does not happen; the profile lists and releases several NFTs as
 * one plan, "n of N", a rejection stopping the rest.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NFT_STATUS } from '@/lib/cms/types';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { FakeChain, MARKETPLACE, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

// Three mined steps and a CMS record per test: generous waits on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });

const GATEWAY = 'https://ipfs.test/ipfs/';
const GENESIS = '0x3000000000000000000000000000000000000001';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
/** Staking pool 0 of .env.test: enumerated by the on-chain indexer as well. */
const POOL = '0x2000000000000000000000000000000000000000';

let chain: FakeChain;
let genesis: FakeNftCollection;

beforeEach(() => {
  chain = new FakeChain().serveRpc();
  genesis = chain.install(GENESIS, new FakeNftCollection(chain, GENESIS, 'Terra Genesis', 'ipfs://QmGenesis/'));
  chain.install(POOL, new FakeNftCollection(chain, POOL, 'Pool Zero', 'ipfs://QmPool/'));
  genesis.mintTo(USER, 2, 3, 5);
  server.use(
    http.get(`${GATEWAY}:cid/:id`, ({ params }) =>
      HttpResponse.json({
        name: `Genesis #${String(params.id)}`,
        description: 'Genesis',
        image: `ipfs://QmImg/Genesis-${String(params.id)}.png`,
      }),
    ),
  );
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});
afterEach(() => server.events.removeAllListeners());

const sends = () => chain.walletMethods().filter((method) => method === 'eth_sendTransaction');

/** NFT 2 of the CMS (Genesis #2, item 4) on the fake marketplace as item 4, sold by the user. */
function listedByUser() {
  for (const id of [101, 102, 103]) chain.list(GENESIS, id, OTHER, 1n);
  return chain.list(GENESIS, 2, USER, 120_250_000n);
}

describe('NFT page: change price', { timeout: 45_000 }, () => {
  async function openChangePrice() {
    const view = renderApp('/ItemDetail/2', { walletConnector: chain.connector().load });
    await view.user.click(await screen.findByRole('button', { name: 'Change price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change price' });
    await view.user.type(within(dialog).getByPlaceholderText('Enter list price...'), '130');
    return { view, dialog };
  }

  it('is one plan with its steps named up front: release, approve, list at the new price; the CMS row follows', async () => {
    expect(listedByUser()).toBe(4n);
    const { view, dialog } = await openChangePrice();
    await view.user.click(within(dialog).getByRole('button', { name: 'Change price' }));
    await within(dialog).findByText('Genesis #2 is on sale.');
    expect(within(dialog).getByText('1 of 3 — release')).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 3 — approve NFT')).toBeInTheDocument();
    expect(within(dialog).getByText('3 of 3 — list')).toBeInTheDocument();
    expect(sends()).toHaveLength(3);
    expect(chain.items.some((item) => item.itemId === 4n)).toBe(false);
    expect(chain.items.find((item) => item.tokenId === 2n && item.itemId !== 0n)).toMatchObject({
      itemId: 5n,
      price: 130_000_000n,
    });
    expect(chain.ownerOf(GENESIS, 2)).toBe(MARKETPLACE);
    await waitFor(() =>
      expect(cmsDb.find('nfts', 2)).toMatchObject({ nft_status: NFT_STATUS.listed, price: '130', item_id: 5 }),
    );
  });

  it('a relist declined after the release says the NFT is back in the wallet and not for sale; the CMS agrees', async () => {
    listedByUser();
    const { view, dialog } = await openChangePrice();
    await view.user.click(within(dialog).getByRole('button', { name: 'Change price' }));
    // The release is sent; the next prompt (the approval) is declined.
    await waitFor(() => expect(sends()).toHaveLength(1), { interval: 5 });
    chain.rejectNextRequest('eth_sendTransaction');
    expect(
      await within(dialog).findByText(
        'Genesis #2 is back in your wallet and not for sale: the listing at the new price was not made. Try again to list it.',
      ),
    ).toBeInTheDocument();
    expect(chain.ownerOf(GENESIS, 2)).toBe(USER);
    await waitFor(() => expect(cmsDb.find('nfts', 2)?.nft_status).toBe(NFT_STATUS.owned));
    // Try again lists it afresh (nothing is left to release).
    await view.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText('Genesis #2 is on sale.', undefined, { timeout: 20_000 });
    expect(chain.ownerOf(GENESIS, 2)).toBe(MARKETPLACE);
  });
});

describe('profile: many at once', { timeout: 45_000 }, () => {
  function openProfile() {
    return renderApp('/Profile', { walletConnector: chain.connector().load });
  }

  it('bulk list: two NFTs at one price, "2 of 2 done", a CMS row each', async () => {
    const view = openProfile();
    await view.user.click(await screen.findByRole('checkbox', { name: 'Select Genesis #3' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Select Genesis #5' }));
    await view.user.click(screen.getByRole('button', { name: 'List selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'List 2 NFTs' });
    await view.user.type(within(dialog).getByLabelText('Price in USDT for each NFT'), '4');
    await view.user.click(within(dialog).getByRole('button', { name: 'List 2 NFTs' }));
    await within(dialog).findByText('2 of 2 done');
    expect(chain.items.map((item) => [item.tokenId, item.price])).toEqual([
      [3n, 4_000_000n],
      [5n, 4_000_000n],
    ]);
    await waitFor(() => {
      const rows = cmsDb.tables.nfts.filter((nft) => nft.collection === 1 && [3, 5].includes(Number(nft.token_id)));
      expect(rows.map((row) => [Number(row.token_id), row.nft_status, row.price])).toEqual([
        [3, NFT_STATUS.listed, '4'],
        [5, NFT_STATUS.listed, '4'],
      ]);
    });
  });

  it('bulk list, one price each: a rejection stops the rest and says which were done', async () => {
    // Approved already: one listing step each, so the second prompt is the second NFT's listing.
    chain.approvals.set(`${GENESIS.toLowerCase()}:3`, MARKETPLACE);
    chain.approvals.set(`${GENESIS.toLowerCase()}:5`, MARKETPLACE);
    const view = openProfile();
    await view.user.click(await screen.findByRole('checkbox', { name: 'Select Genesis #3' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Select Genesis #5' }));
    await view.user.click(screen.getByRole('button', { name: 'List selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'List 2 NFTs' });
    await view.user.click(within(dialog).getByRole('radio', { name: 'One price each' }));
    await view.user.type(within(dialog).getByLabelText('Price in USDT for Genesis #3'), '4');
    await view.user.type(within(dialog).getByLabelText('Price in USDT for Genesis #5'), '6');
    await view.user.click(within(dialog).getByRole('button', { name: 'List 2 NFTs' }));
    await waitFor(() => expect(sends()).toHaveLength(1), { interval: 5 });
    chain.rejectNextRequest('eth_sendTransaction');
    expect(await within(dialog).findByText('Stopped after 1 of 2. Done: Genesis #3.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 of 2 done')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByTestId('bulk-outcome')
        .map((node) => node.textContent),
    ).toEqual(['Done', 'Declined in the wallet']);
    expect(chain.items.map((item) => [item.tokenId, item.price])).toEqual([[3n, 4_000_000n]]);
    await waitFor(() => expect(cmsDb.find('nfts', 3)).toMatchObject({ nft_status: NFT_STATUS.listed, price: '4' }));
  });

  it('bulk release: the selected listings are released, "1 of 1 done", the row no longer for sale', async () => {
    listedByUser();
    const view = openProfile();
    await view.user.click(await screen.findByRole('tab', { name: 'On Sale' }));
    await view.user.click(await screen.findByRole('checkbox', { name: 'Select Genesis #2' }));
    await view.user.click(screen.getByRole('button', { name: 'Release selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release 1 NFTs' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Release 1 NFTs' }));
    await within(dialog).findByText('1 of 1 done');
    expect(chain.ownerOf(GENESIS, 2)).toBe(USER);
    await waitFor(() => expect(cmsDb.find('nfts', 2)?.nft_status).toBe(NFT_STATUS.owned));
  });
});
