/**
 * The trust boundary through the screens (deployed-system.md §C9.5): a CMS row cannot move the
 * buyer's money. Mint only on a configured collection at its own cost(); buy only the
 * marketplace's own item at its price (zero entries skipped); "is yours" only when ownerOf says
 * so; Verified only for trusted contracts; CMS links only when https.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER } from '../msw/cms-db';
import { cmsDb } from '../msw/cms-handlers';
import { buildNft } from '../msw/factories';
import { renderApp, storeSession } from '../render';
import { FEE_COLLECTOR, FakeChain, MARKETPLACE, ROYALTY_RECEIVER, USER } from './fake-chain';

configure({ asyncUtilTimeout: 8000 });

/** Collection 1 of the MSW catalogue: listed in VITE_TRUSTED_COLLECTIONS of .env.test. */
const GENESIS = '0x3000000000000000000000000000000000000001';
/** Collection 2 ("Ocean Sounds"): its CMS row names a contract the app does not trust. */
const UNTRUSTED = '0x3000000000000000000000000000000000000002';
const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const FUNDS = 1_000_000_000n;

let chain: FakeChain;

beforeEach(() => {
  chain = new FakeChain().serveRpc().collection(GENESIS, 25_500_000n).fundUsdt(USER, FUNDS);
  storeSession(DEFAULT_USER.address, DEFAULT_USER.id);
});

const dialog = () => screen.getByRole('dialog', { name: 'Checkout' });
const opened = () => screen.findByRole('dialog', { name: 'Checkout' });
const sent = () => chain.walletMethods().filter((m) => m === 'eth_sendTransaction' || m === 'eth_estimateGas');

const ZERO = '0x0000000000000000000000000000000000000000';

describe('an NFT row pointing at an untrusted contract', () => {
  it('shows the message on the page and in the checkout, and never prompts the wallet', async () => {
    // "Wave #1" (status Mint) belongs to collection 2, whose contract is not in the trusted list,
    // even though that contract would happily take the money.
    chain.collection(UNTRUSTED, 10_000_000n);
    const { user } = renderApp('/ItemDetail/5', { walletConnector: chain.connector().load });
    const message = 'This collection is not verified by Terra Mater; minting is disabled';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified collection' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mint' }));
    expect(await within(await opened()).findByText(message)).toBeInTheDocument();
    const action = within(dialog()).getByRole('button', { name: 'Mint' });
    expect(action).toBeDisabled();
    await user.click(action);
    expect(sent()).toEqual([]);
    expect(chain.usdtOf(USER)).toBe(FUNDS);
    expect(chain.allowances.get(`${USER}:${UNTRUSTED}`.toLowerCase())).toBeUndefined();
  });
});

describe('prices come from the chain', () => {
  it('mints at the collection contract cost() when the CMS price differs, and shows the chain figure', async () => {
    chain.collection(GENESIS, 30_000_000n); // the CMS row says 25.5
    const { user } = renderApp('/ItemDetail/1', { walletConnector: chain.connector().load });
    expect(await screen.findByTestId('chain-price')).toHaveTextContent('30.000 USDT');
    expect(screen.getByTestId('stale-price')).toHaveTextContent('The price on record (25.500 USDT) is out of date');

    await user.click(screen.getByRole('button', { name: 'Mint' }));
    const action = await within(await opened()).findByRole('button', { name: 'Mint' });
    await waitFor(() => expect(action).toBeEnabled());
    expect(within(dialog()).getByTestId('chain-price')).toHaveTextContent('30.000 USDT');
    await user.click(action);
    await within(dialog()).findByText('Purchase complete. Genesis #1 is yours.');
    expect(chain.usdtOf(USER)).toBe(FUNDS - 30_000_000n);
    expect(chain.usdtOf(GENESIS)).toBe(30_000_000n);
    const approve = chain.walletCalls.find((call) => call.method === 'eth_sendTransaction');
    expect((approve?.params?.[0] as { data: string }).data).toContain(30_000_000n.toString(16).padStart(64, '0'));
  });

  it('buys the marketplace item of this contract and token (zero entries skipped) at its price, and shows the split', async () => {
    cmsDb.insert(
      'nfts',
      buildNft({ id: 30, token_id: 9, token_name: 'Genesis #9', collection: 1, nft_status: 2, price: 99, item_id: 1 }),
    );
    // Item 1 was released (an all-zero entry now), item 2 is another token, item 3 is this one.
    chain.list(GENESIS, 8, SELLER, 5_000_000n);
    chain.items[0] = { itemId: 0n, nftContract: ZERO, tokenId: 0n, seller: ZERO, owner: ZERO, price: 0n, sold: false };
    chain.setOwner(GENESIS, 8, SELLER);
    chain.list(GENESIS, 4, SELLER, 7_000_000n);
    chain.list(GENESIS, 9, SELLER, 30_000_000n);
    chain.royalty(GENESIS, ROYALTY_RECEIVER, 700n);
    const { user } = renderApp('/ItemDetail/30', { walletConnector: chain.connector().load });
    expect(await screen.findByTestId('chain-price')).toHaveTextContent('30.000 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const split = await within(await opened()).findByLabelText('Where your money goes');
    // deployed-system.md §C9.1's example: 30 USDT, 7 % royalty → 2.1 royalty, fee 1.395, seller 26.505.
    expect(within(split).getByText('Royalty to the creator').nextSibling).toHaveTextContent('2.100 USDT');
    expect(within(split).getByText(/Marketplace fee/).nextSibling).toHaveTextContent('1.395 USDT');
    expect(within(split).getByText('Seller receives').nextSibling).toHaveTextContent('26.505 USDT');
    expect(within(dialog()).getByTestId('stale-price')).toHaveTextContent('(99.000 USDT)');

    await user.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
    await within(dialog()).findByText('Purchase complete. Genesis #9 is yours.');
    expect(chain.items[2]!.sold).toBe(true);
    expect(chain.items[1]!.sold).toBe(false);
    expect(chain.usdtOf(USER)).toBe(FUNDS - 30_000_000n);
    expect(chain.usdtOf(ROYALTY_RECEIVER)).toBe(2_100_000n);
    expect(chain.usdtOf(FEE_COLLECTOR)).toBe(1_395_000n);
    expect(chain.usdtOf(SELLER)).toBe(26_505_000n);
    expect(chain.allowances.get(`${USER}:${MARKETPLACE}`.toLowerCase())).toBe(0n);
  });

  it('says "is yours" only when ownerOf says so after the chain confirmed', async () => {
    chain.mintRecipient = SELLER; // a collection that takes the money and gives the token to someone else
    const { user } = renderApp('/ItemDetail/1', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Mint' }));
    const action = await within(await opened()).findByRole('button', { name: 'Mint' });
    await waitFor(() => expect(action).toBeEnabled());
    await user.click(action);
    expect(
      await within(dialog()).findByText(
        'The transaction was confirmed, but the blockchain does not show Genesis #1 as yours. Check your wallet before trying again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByText(/is yours\./)).not.toBeInTheDocument();
  });
});

describe('Verified means verified', () => {
  it('labels a collection outside the trusted list Unverified on cards and its page, and the trusted one verified', async () => {
    const { user } = renderApp('/explore');
    const trusted = await screen.findByRole('link', { name: /Terra Genesis/ });
    expect(within(trusted).getByRole('img', { name: 'Verified collection' })).toBeInTheDocument();
    const other = screen.getByRole('link', { name: /Ocean Sounds/ });
    expect(within(other).getByText('Unverified')).toBeInTheDocument();
    expect(within(other).queryByRole('img', { name: 'Verified collection' })).not.toBeInTheDocument();
    await user.click(other);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ocean Sounds' })).toBeInTheDocument();
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    expect(screen.queryByText(/verified collection/i)).not.toBeInTheDocument();
  });

  it('renders CMS links only when https, with their host and rel="noopener noreferrer"; javascript: and http: are dropped', async () => {
    cmsDb.update('collections', 2, {
      website: 'https://ocean.example/about',
      twitter: 'javascript:alert(document.cookie)',
      discord: 'http://phish.example/discord',
      telegram: 'data:text/html,<script>alert(1)</script>',
      detail_link: 'http://phish.example/more',
    });
    renderApp('/colection/2');
    const socials = await screen.findByRole('list', { name: 'Collection links' });
    const links = within(socials).getAllByRole('link');
    expect(links).toEqual([within(socials).getByRole('link', { name: /^Website:\s?ocean\.example$/ })]);
    expect(links[0]).toHaveAttribute('href', 'https://ocean.example/about');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('ocean.example');
    expect(screen.queryByRole('link', { name: /Find out more/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript:"], a[href^="http:"], a[href^="data:"]')).toBeNull();
  });

  it('shows an image only from https, ipfs (through the gateway) or the CMS; anything else is the placeholder', async () => {
    cmsDb.insert(
      'nfts',
      { ...buildNft({ id: 31, token_id: 31, token_name: 'Token #31', collection: 1 }), img_url: 'javascript:alert(1)' },
      { ...buildNft({ id: 32, token_id: 32, token_name: 'Token #32', collection: 1 }), img_url: 'ipfs://QmImg/32.png' },
      {
        ...buildNft({ id: 33, token_id: 33, token_name: 'Token #33', collection: 1 }),
        img_url: 'http://evil.test/a.png',
      },
    );
    const first = renderApp('/ItemDetail/31');
    expect(await screen.findByRole('img', { name: /Token #31/ })).toHaveAttribute('src', '/img/placeholder.svg');
    first.unmount();
    const second = renderApp('/ItemDetail/32');
    expect(await screen.findByRole('img', { name: /Token #32/ })).toHaveAttribute(
      'src',
      'https://ipfs.test/ipfs/QmImg/32.png',
    );
    second.unmount();
    renderApp('/ItemDetail/33');
    expect(await screen.findByRole('img', { name: /Token #33/ })).toHaveAttribute('src', '/img/placeholder.svg');
  });
});

describe('a price that changes on chain after the checkout showed it', () => {
  it('is refused before any prompt and the new chain price is shown', async () => {
    const { user } = renderApp('/ItemDetail/1', { walletConnector: chain.connector().load });
    await user.click(await screen.findByRole('button', { name: 'Mint' }));
    const action = await within(await opened()).findByRole('button', { name: 'Mint' });
    await waitFor(() => expect(action).toBeEnabled());
    expect(within(dialog()).getByTestId('chain-price')).toHaveTextContent('25.500 USDT');
    chain.collection(GENESIS, 40_000_000n);
    await user.click(action);
    expect(
      await within(dialog()).findByText(
        'The blockchain now asks 40.000 USDT for this NFT; the price shown has been updated. Check it and try again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog()).getByTestId('chain-price')).toHaveTextContent('40.000 USDT'));
    expect(sent()).toEqual([]);
    expect(chain.usdtOf(USER)).toBe(FUNDS);
  });
});
