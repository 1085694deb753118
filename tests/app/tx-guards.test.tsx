/**
 * The look again before each wallet prompt (deployed-system.md §C9.7), through the screens: while
 * the approval's prompt is open, the chain changes under the action (the item is bought and
 * relisted, the token minted or moved, the wallet moved to another chain); once the approval is
 * mined, the next step is not handed to the wallet unless what it relies on still holds. And the
 * read node on another chain than the configured one: every chain section says so instead of data.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp, storeSession } from '../render';
import { CHAIN_ID, FakeChain, MARKETPLACE, USER } from './fake-chain';
import { FakeNftCollection } from './fake-nft-collection';

configure({ asyncUtilTimeout: 8000 });

const GENESIS = '0x3000000000000000000000000000000000000001';
const POOL = '0x2000000000000000000000000000000000000000';
const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const THIRD = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const MINT_PRICE = 25_500_000n;
const BUY_PRICE = 12_500_000n;
const FUNDS = 1_000_000_000n;

let chain: FakeChain;

beforeEach(() => {
  chain = new FakeChain().serveRpc().collection(GENESIS, MINT_PRICE).fundUsdt(USER, FUNDS);
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});
afterEach(() => server.events.removeAllListeners());

/** Keeps the wallet's next transaction prompts open until the returned function is called. */
function holdPrompt() {
  let confirm!: () => void;
  chain.walletPrompt = new Promise<void>((resolve) => (confirm = resolve));
  return () => {
    chain.walletPrompt = null;
    confirm();
  };
}

const sends = () => chain.walletMethods().filter((method) => method === 'eth_sendTransaction');
const checkout = () => screen.getByRole('dialog', { name: 'Checkout' });

async function startCheckout(route: string, button: 'Mint' | 'Buy Now') {
  const { user } = renderApp(route, { walletConnector: chain.connector().load });
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: button })).toBeEnabled());
  await user.click(within(dialog).getByRole('button', { name: button }));
  // The approval's prompt is open (held): the world may change now.
  await waitFor(() => expect(sends()).toHaveLength(1));
}

function listedNft() {
  cmsDb.insert(
    'nfts',
    buildNft({
      id: 10,
      token_id: 7,
      token_name: 'Genesis #7',
      collection: 1,
      nft_status: 2,
      price: 12.5,
      owner: SELLER,
    }),
  );
  return chain.list(GENESIS, 7, SELLER, BUY_PRICE);
}

describe('the look again before the paying step', () => {
  it('double sale: the item bought and relisted while the approval was mining is not bought, nothing is charged', async () => {
    const itemId = listedNft();
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/10', 'Buy Now');

    // A third account buys the item and lists the same token again, as a new item.
    const bought = chain.items.find((item) => item.itemId === itemId)!;
    bought.sold = true;
    bought.owner = THIRD;
    const relisted = chain.list(GENESIS, 7, THIRD, 15_000_000n);
    expect(relisted).not.toBe(itemId);
    confirm();

    expect(
      await within(checkout()).findByText(
        'This NFT was sold or relisted since you opened the checkout, so the purchase was stopped before the payment: no USDT was charged.',
      ),
    ).toBeInTheDocument();
    // Only the approval reached the wallet; the buyer paid nothing and the token stays listed.
    expect(sends()).toHaveLength(1);
    expect(within(checkout()).getByText('1 of 2 — approve USDT')).toBeInTheDocument();
    expect(within(checkout()).getByText('2 of 2 — buy').parentElement).toHaveTextContent('2 of 2 — buy: Not sent');
    expect(chain.usdtOf(USER)).toBe(FUNDS);
    expect(chain.ownerOf(GENESIS, 7)).toBe(MARKETPLACE);
  });

  it('a price changed on the same item stops the buy the same way', async () => {
    const itemId = listedNft();
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/10', 'Buy Now');
    chain.items.find((item) => item.itemId === itemId)!.price = 20_000_000n;
    confirm();
    await within(checkout()).findByText(/sold or relisted since you opened the checkout/);
    expect(sends()).toHaveLength(1);
    expect(chain.usdtOf(USER)).toBe(FUNDS);
  });

  it('a token minted by someone else while the approval was mining is not minted again', async () => {
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/1', 'Mint');
    chain.setOwner(GENESIS, 1, THIRD);
    confirm();
    expect(
      await within(checkout()).findByText(
        'This NFT was minted by someone else since you opened the checkout, so the mint was stopped before the payment: no USDT was charged.',
      ),
    ).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(chain.usdtOf(USER)).toBe(FUNDS);
  });

  it('when nothing changed, the second step follows the approval (the look again reads, it does not block)', async () => {
    listedNft();
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/10', 'Buy Now');
    confirm();
    await within(checkout()).findByText(/Purchase complete/);
    expect(sends()).toHaveLength(2);
    expect(chain.ownerOf(GENESIS, 7)).toBe(USER);
  });
});

describe('chain switched between steps', () => {
  it('asks the wallet to switch back before the mint, and mints on the configured chain', async () => {
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/1', 'Mint');
    // The user moves the wallet to another chain while the approval is mining; the wallet says
    // nothing to the app (the live eth_chainId is what counts, not the last event).
    chain.walletChainId = 1;
    confirm();
    await within(checkout()).findByText(/Purchase complete/);
    const methods = chain.walletMethods();
    const firstSend = methods.indexOf('eth_sendTransaction');
    const secondSend = methods.lastIndexOf('eth_sendTransaction');
    const switchAt = methods.indexOf('wallet_switchEthereumChain', firstSend);
    expect(switchAt).toBeGreaterThan(firstSend);
    expect(switchAt).toBeLessThan(secondSend);
    expect(chain.walletChainId).toBe(CHAIN_ID);
    expect(chain.ownerOf(GENESIS, 1)).toBe(USER);
  });

  it('a refused switch stops the action with the wrong-network words, before the mint prompt', async () => {
    const confirm = holdPrompt();
    await startCheckout('/ItemDetail/1', 'Mint');
    chain.walletChainId = 1;
    chain.rejectNextRequest('wallet_switchEthereumChain');
    confirm();
    await within(checkout()).findByText(
      'Your wallet is not on Anvil Local. Switch to it in your wallet and try again.',
    );
    expect(sends()).toHaveLength(1);
    expect(chain.ownerOf(GENESIS, 1)).toBeNull();
    expect(chain.usdtOf(USER)).toBe(FUNDS);
  });
});

describe('listing: the NFT must still be the user’s when the listing is signed', () => {
  it('a token that left the wallet while the NFT approval was mining is not listed', async () => {
    // A chain of its own, as the profile tests use it (the NFT collection's own contract, no mint price).
    chain = new FakeChain().serveRpc();
    const genesis = chain.install(GENESIS, new FakeNftCollection(chain, GENESIS, 'Terra Genesis', 'ipfs://QmGenesis/'));
    genesis.mintTo(USER, 5);
    // Staking pool 0 of .env.test: the on-chain indexer enumerates it too.
    chain.install(POOL, new FakeNftCollection(chain, POOL, 'Pool Zero', 'ipfs://QmPool/'));
    server.use(
      http.get('https://ipfs.test/ipfs/:cid/:id', ({ params }) =>
        HttpResponse.json({
          name: `Genesis #${String(params.id)}`,
          description: 'Genesis',
          image: `ipfs://QmImg/Genesis-${String(params.id)}.png`,
        }),
      ),
    );
    const view = renderApp('/Profile', { walletConnector: chain.connector().load });
    await view.user.click(await screen.findByRole('button', { name: 'List Now: Genesis #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Listing your NFT' });
    await view.user.type(within(dialog).getByPlaceholderText('Enter list price...'), '3');
    // The approval is sent and waits in the pool (blocks held) while the token leaves the wallet.
    chain.holdBlocks = true;
    await view.user.click(within(dialog).getByRole('button', { name: 'List NFT' }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    chain.setOwner(GENESIS, 5, THIRD);
    chain.mine();
    expect(
      await within(dialog).findByText('This NFT is no longer in your wallet, so it cannot be listed.'),
    ).toBeInTheDocument();
    expect(sends()).toHaveLength(1);
    expect(chain.items).toEqual([]);
  });
});

describe('RPC on another chain: the read node is checked once per session', () => {
  /** The read node answers eth_chainId with `chainId`; the wallet is not concerned. */
  function nodeOnChain(chainId: number) {
    const answer = chain.answer.bind(chain);
    chain.answer = (method, params, fromWallet = false) =>
      method === 'eth_chainId' && !fromWallet ? `0x${chainId.toString(16)}` : answer(method, params, fromWallet);
  }

  it('a chain section shows the configuration error instead of data, and the node is not asked again', async () => {
    nodeOnChain(1);
    renderApp('/swapping');
    const message =
      'The RPC node http://rpc.test is on chain 1, the app is configured for chain 31337. Blockchain data is not shown until the operator fixes VITE_RPC_URLS or VITE_CHAIN_ID.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // The check rode along with the first batch; once the node is known wrong, nothing reaches it.
    const asked = chain.rpcBatches.flat().filter((call) => call.method === 'eth_chainId').length;
    expect(asked).toBeGreaterThan(0);
    const requests = chain.rpcRequests;
    const { getReadProvider } = await import('@/lib/chain/provider');
    await expect(getReadProvider().getBlockNumber()).rejects.toThrow(/is on chain 1, the app is configured/);
    expect(chain.rpcRequests).toBe(requests);
  });

  it('the right node is asked its chain id once, inside a batch of reads, and never again', async () => {
    const { getReadProvider } = await import('@/lib/chain/provider');
    const { getCallRunner } = await import('@/lib/chain/call-runner');
    const provider = getReadProvider();
    expect(await provider.getBlockNumber()).toBe(chain.block);
    const runner = getCallRunner();
    await runner.call!({ to: '0x1000000000000000000000000000000000000002', data: '0x313ce567' }); // decimals()
    await provider.getBlockNumber();
    const batches = chain.rpcBatches.map((batch) => batch.map((call) => call.method));
    expect(batches).toEqual([['eth_chainId', 'eth_blockNumber'], ['eth_call'], ['eth_blockNumber']]);
  });
});
