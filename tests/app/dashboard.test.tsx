import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { cmsDb } from '../msw/cms-handlers';
import { buildCollection, buildTransaction } from '../msw/factories';
import { server } from '../msw/server';
import { renderApp } from '../render';
import { tokenStory } from './history-node';
import { BURN, NATURA, USDT, dashboardChainNode, type ChainState } from './dashboard-chain-node';

// Whole-app renders with lazy pages and MSW round trips: more than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => server.events.removeAllListeners());

const USDT_UNIT = 10n ** 6n;
/** Contract of the default catalogue's featured collection 1 (Terra Genesis). */
const GENESIS = '0x3000000000000000000000000000000000000001';
const OCEAN = '0x3000000000000000000000000000000000000002';
const SELLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BUYER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/**
 * Known figures. CMS (default catalogue): team 1000, incentive 250.5, R&D 10, reserve 0 (its Terra Genesis
 * transaction rows are not used: the table's trades come from the chain). Chain: below — Terra Genesis #2 minted at
 * 100 and sold at 120.25 USDT, #5 listed at 30 USDT (its floor, so its Market Price). Circulating supply =
 * 1,234.5678 + 1,000 + 250.5 + 10 + 0 + 2,666,666 − 50,024.68 = 2,619,136.3878.
 */
const KNOWN: Partial<ChainState> = {
  naturaPrice: 1_250_000n,
  burned: 50_024_680_000_000_000_000_000n,
  bitcoinReserves: 125n * 10n ** 17n,
  goldReserves: 1_250_000n,
  miscReserves: 350_000n,
  rewardsClaimed: 1_234_567_800_000_000_000_000n,
  orders: [
    { tokenA: NATURA, price: 1_250_000n, status: 0 },
    // The latest filled order: 0.78 NAT per USDT = 1.282 $ per NAT.
    { tokenA: USDT, price: 78n * 10n ** 16n, status: 0, orderType: 'buy' },
    { tokenA: NATURA, price: 1_300_000n, status: 1 },
    { tokenA: NATURA, price: 1_500_000n, status: 2 },
  ],
  pools: [
    // Matched to the CMS address case-insensitively.
    { nftAddress: GENESIS.toUpperCase().replace('0X', '0x'), cost: 30n * USDT_UNIT },
    { nftAddress: '0x2000000000000000000000000000000000000001', cost: 40n * USDT_UNIT },
  ],
  collections: {
    [GENESIS]: { maxSupply: 50n, cost: 25n * USDT_UNIT },
    [OCEAN]: { maxSupply: 1_200n, cost: 5n * USDT_UNIT },
  },
  listings: [{ nftContract: GENESIS, tokenId: 5n, price: 30n * USDT_UNIT }],
  logs: tokenStory(GENESIS, 2n)
    .mint(SELLER, 100n * USDT_UNIT)
    .list(SELLER, 1n, 120_250_000n)
    .sell(SELLER, BUYER, 120_250_000n).logs,
};

/** The dashboard's second featured collection: Ocean Sounds, no pool, no transaction. */
function featureOcean() {
  cmsDb.update('collections', 2, { feature: true });
}

const cards = () => within(screen.getByRole('list', { name: /Natura figures|I numeri di Natura/ }));
const card = (title: string) => cards().getByRole('listitem', { name: title });

/** Every card as "title: value", in display order. */
function cardTexts() {
  return cards()
    .getAllByRole('listitem')
    .map((item) => `${item.querySelector('h2')?.textContent}: ${item.querySelector('p')?.textContent}`);
}

function tableCells() {
  const table = screen.getByRole('table', { name: /NFT Collections|Collezioni NFT/ });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

/** Every CMS request of the page (MSW sees them all). */
function recordCmsRequests() {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.origin === 'http://cms.test') paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

async function waitForEverything() {
  await screen.findByRole('table', { name: 'NFT Collections' });
  await waitFor(() => expect(document.querySelectorAll('.skeleton')).toHaveLength(0));
}

describe('Dashboard', () => {
  it('shows the 13 cards in order with their formulas, and the NFT Collections table', async () => {
    featureOcean();
    dashboardChainNode(KNOWN);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitForEverything();

    expect(cardTexts()).toEqual([
      'Minimum Natura value: $ 1.25',
      'Latest Swap transaction: $1.282',
      'Circulating supply: NAT 2,619,136.388',
      'P.o.NFT Rewards Claimed: NAT 1,234.57',
      'Launched Natura: NAT 2,666,666',
      'Team Natura released: NAT 1,000.00',
      'Incentive program Natura: NAT 250.50',
      'R&D Natura released: NAT 10.00',
      'Reserve Natura released: NAT 0.00',
      'Burned Natura: NAT 50,024.68',
      'Bitcoin Reserves: BTC 12.5',
      'Gold Reserves: $ 1,250,000',
      'Miscellaneous Reserve: $ 350,000',
    ]);

    expect(tableCells()).toEqual([
      ['NFT Collection', 'Total Value', 'Total Supply', 'Start Price', 'Market Price', 'Last Trade Price'],
      // 50 × the floor of its live listings (30); its newest sale on chain (120.25), not a CMS row.
      ['Terra Genesis ✔', 'USDT 1,500.000', '50', 'USDT 25.000', 'USDT 30.000', 'USDT 120.250'],
      // Not a trusted contract: its history is not read, so no Market Price (Total Value from the start price,
      // 1,200 × 5) and no trade, whatever CMS rows it has.
      ['Ocean Sounds Unverified', 'USDT 6,000.000', '1,200', 'USDT 5.000', '—', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Terra Genesis' })).toHaveAttribute('href', '/colection/1');
    expect(screen.getByRole('link', { name: 'Find More Details here.' })).toHaveAttribute(
      'href',
      'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/natural-economy/natura-token/contracts-and-addresses',
    );
  });

  it('links the card titles to the configured block explorer, BTC to blockchain.com', async () => {
    dashboardChainNode(KNOWN);
    renderApp('/dashboard');
    await waitForEverything();
    const explorer = (address: string) => `https://explorer.test/address/${address}`;
    const hrefs = Object.fromEntries(
      cards()
        .getAllByRole('listitem')
        .map((item) => [
          item.querySelector('h2')?.textContent,
          item.querySelector('h2 a')?.getAttribute('href') ?? null,
        ]),
    );
    expect(hrefs).toEqual({
      'Minimum Natura value': null,
      'Latest Swap transaction': '/swapping',
      'Circulating supply': null,
      'P.o.NFT Rewards Claimed': explorer('0x8d3BeC747548872B5613ce1243DD7Cd15DB80A53'),
      'Launched Natura': explorer('0xDcF384b1fe7862C6Cb8bF5994C09c5C549D2CDc5'),
      'Team Natura released': explorer('0xe932bB5c9DBB9fca5C85587D1023dd051b643197'),
      'Incentive program Natura': explorer('0x94ebFC8a825D1d6A885a747cd18205B8Eb45C7F6'),
      'R&D Natura released': explorer('0x01B9e0aCD505b8Bf9604B1c47C092D73e6883672'),
      'Reserve Natura released': explorer('0xD5c2cF7a02F1D79e1e58620862D2EB8b30aECB71'),
      'Burned Natura': explorer(BURN),
      'Bitcoin Reserves':
        'https://www.blockchain.com/explorer/addresses/btc/bc1qnvsza35758ujszkl8rw6czz2ppu0x852r5teze',
      'Gold Reserves': null,
      'Miscellaneous Reserve': null,
    });
  });

  it('amount display: a card its decimals round opens the exact figure on a tap; a figure shown in full is plain text', async () => {
    dashboardChainNode(KNOWN);
    const { user } = renderApp('/dashboard');
    await waitForEverything();
    const rewards = card('P.o.NFT Rewards Claimed');
    const rounded = within(rewards).getByRole('button', { name: 'NAT 1,234.57, rounded: show the exact figure' });
    expect(within(rewards).queryByRole('note')).not.toBeInTheDocument();
    await user.click(rounded);
    expect(within(rewards).getByRole('note')).toHaveTextContent(
      '(exactly NAT 1,234.5678; 1234567800000000000000 base units)',
    );
    expect(rounded).toHaveAttribute('aria-expanded', 'true');
    // 1,000 Natura to the wei, 25 USDT to the base unit: nothing is hidden, nothing to open.
    expect(within(card('Team Natura released')).queryByRole('button')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'NFT Collections' });
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Latest Swap transaction opens /swapping asking for the Record view', async () => {
    dashboardChainNode(KNOWN);
    const { router, user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Latest Swap transaction' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/swapping'));
    expect(router.state.location.state).toEqual({ view: 'record' });
  });

  it('says so when no swap has succeeded yet, instead of $0', async () => {
    dashboardChainNode({
      ...KNOWN,
      orders: [
        { tokenA: NATURA, price: 1_200_000n, status: 1 },
        { tokenA: USDT, price: 8n * 10n ** 17n, status: 2 },
      ],
    });
    renderApp('/dashboard');
    const latest = card('Latest Swap transaction');
    await waitFor(() => expect(latest).toHaveTextContent('No successful swap yet'));
    expect(latest).not.toHaveTextContent('$');
  });

  it('formats every number with the Italian separators in Italian', async () => {
    featureOcean();
    dashboardChainNode(KNOWN);
    renderApp('/dashboard', { language: 'it' });
    await screen.findByRole('table', { name: 'Collezioni NFT' });
    await waitFor(() => expect(document.querySelectorAll('.skeleton')).toHaveLength(0));
    expect(cardTexts()).toEqual([
      'Valore minimo di Natura: $ 1,25',
      'Ultima transazione di swap: $1,282',
      'Offerta circolante: NAT 2.619.136,388',
      'Ricompense P.o.NFT riscattate: NAT 1.234,57',
      'Natura lanciati: NAT 2.666.666',
      'Natura rilasciati al team: NAT 1.000,00',
      'Natura del programma di incentivi: NAT 250,50',
      'Natura rilasciati per R&S: NAT 10,00',
      'Natura di riserva rilasciati: NAT 0,00',
      'Natura bruciati: NAT 50.024,68',
      'Riserve in Bitcoin: BTC 12,5',
      "Riserve d'oro: $ 1.250.000",
      'Riserva varia: $ 350.000',
    ]);
    expect(tableCells().slice(1)).toEqual([
      ['Terra Genesis ✔', 'USDT 1.500,000', '50', 'USDT 25,000', 'USDT 30,000', 'USDT 120,250'],
      ['Ocean Sounds Non verificata', 'USDT 6.000,000', '1.200', 'USDT 5,000', '—', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Trova maggiori dettagli qui.' })).toBeInTheDocument();
  });

  it('one failing chain read shows one error with Try again; the rest of the page stays useful', async () => {
    const node = dashboardChainNode(KNOWN);
    node.failing.add('Natura.getNaturaPrice');
    const { user } = renderApp('/dashboard');
    await waitForEverything();

    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(within(card('Minimum Natura value')).getByRole('alert')).toHaveTextContent('This figure could not be read.');
    expect(card('Bitcoin Reserves')).toHaveTextContent('BTC 12.5');
    expect(card('Latest Swap transaction')).toHaveTextContent('$1.282');
    expect(tableCells()).toHaveLength(2);

    node.failing.clear();
    await user.click(within(card('Minimum Natura value')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card('Minimum Natura value')).toHaveTextContent('$ 1.25'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the CMS balances failing costs the five cards that need them, nothing else', async () => {
    dashboardChainNode(KNOWN);
    let down = true;
    server.use(
      http.get('http://cms.test/api/natura-balances', () =>
        down ? new HttpResponse(null, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderApp('/dashboard');
    await waitForEverything();
    const failed = cards()
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('alert'))
      .map((item) => item.querySelector('h2')?.textContent);
    expect(failed).toEqual([
      'Circulating supply',
      'Team Natura released',
      'Incentive program Natura',
      'R&D Natura released',
      'Reserve Natura released',
    ]);
    expect(card('P.o.NFT Rewards Claimed')).toHaveTextContent('NAT 1,234.57');
    expect(screen.getByRole('table', { name: 'NFT Collections' })).toBeInTheDocument();

    down = false;
    await user.click(within(card('Team Natura released')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card('Circulating supply')).toHaveTextContent('NAT 2,619,136.388'));
    expect(card('Team Natura released')).toHaveTextContent('NAT 1,000.00');
  });

  it('a CMS without natura-balance (404): the four release cards say "Not published" with no Try again, Circulating supply says what is missing', async () => {
    const node = dashboardChainNode(KNOWN);
    cmsDb.withMode({ naturaBalance: false });
    node.failing.add('Natura.getNaturaPrice'); // a figure that failed to load keeps Try again
    renderApp('/dashboard');
    await waitForEverything();
    for (const title of [
      'Team Natura released',
      'Incentive program Natura',
      'R&D Natura released',
      'Reserve Natura released',
    ]) {
      expect(card(title)).toHaveTextContent('Not published');
      expect(within(card(title)).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    }
    expect(card('Circulating supply')).toHaveTextContent(
      'Not published: the released Natura figures (team, incentive, R&D, reserve) missing.',
    );
    expect(within(card('Circulating supply')).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(card('Minimum Natura value')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(card('P.o.NFT Rewards Claimed')).toHaveTextContent('NAT 1,234.57');
  });

  it('Circulating supply names the inputs that failed to load, and keeps Try again', async () => {
    const node = dashboardChainNode(KNOWN);
    node.failing.add('Natura.balanceOf'); // the burn address's balance
    renderApp('/dashboard');
    await waitForEverything();
    expect(within(card('Circulating supply')).getByRole('alert')).toHaveTextContent(
      'This figure could not be read: Burned Natura missing.',
    );
    expect(within(card('Circulating supply')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('the table shows its own error when the listings cannot be read, and comes back with Try again', async () => {
    const node = dashboardChainNode(KNOWN);
    node.failing.add('Marketplace.fetchMarketItems');
    const { user } = renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'NFT Collections' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The collections could not be read.');
    await waitFor(() => expect(card('Minimum Natura value')).toHaveTextContent('$ 1.25'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    node.failing.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table')).toBeInTheDocument();
    expect(tableCells()[1]).toEqual([
      'Terra Genesis ✔',
      'USDT 1,500.000',
      '50',
      'USDT 25.000',
      'USDT 30.000',
      'USDT 120.250',
    ]);
  });

  it('a collection whose address is not a contract shows no chain figures, the others do', async () => {
    featureOcean();
    dashboardChainNode({ ...KNOWN, collections: { [GENESIS]: { maxSupply: 50n, cost: 25n * USDT_UNIT } } });
    renderApp('/dashboard');
    await waitForEverything();
    expect(tableCells().slice(1)).toEqual([
      ['Terra Genesis ✔', 'USDT 1,500.000', '50', 'USDT 25.000', 'USDT 30.000', 'USDT 120.250'],
      ['Ocean Sounds Unverified', '—', '—', '—', '—', '—'],
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the RPC endpoint down: every chain figure says so, the CMS figures stay', async () => {
    const node = dashboardChainNode(KNOWN);
    node.down = true;
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
    await waitFor(() => expect(document.querySelectorAll('.skeleton')).toHaveLength(0));
    const failed = cards()
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('alert'))
      .map((item) => item.querySelector('h2')?.textContent);
    expect(failed).toEqual([
      'Minimum Natura value',
      'Latest Swap transaction',
      'Circulating supply',
      'P.o.NFT Rewards Claimed',
      'Burned Natura',
      'Bitcoin Reserves',
      'Gold Reserves',
      'Miscellaneous Reserve',
    ]);
    expect(card('Team Natura released')).toHaveTextContent('NAT 1,000.00');
    expect(card('Launched Natura')).toHaveTextContent('NAT 2,666,666');
    expect(within(screen.getByRole('region', { name: 'NFT Collections' })).getByRole('alert')).toBeInTheDocument();
  });
});

describe('Dashboard requests', () => {
  /** `count` featured collections with contracts 0x40…01, 0x40…02, …; every other one in a pool. */
  function featuredCollections(count: number) {
    cmsDb.update('collections', 1, { feature: false });
    const collections: ChainState['collections'] = {};
    const pools: ChainState['pools'] = [];
    for (let i = 1; i <= count; i += 1) {
      const address = `0x40000000000000000000000000000000000000${i.toString(16).padStart(2, '0')}`;
      cmsDb.insert(
        'collections',
        buildCollection({
          id: 100 + i,
          name: `Featured ${i}`,
          status: 'Active',
          feature: true,
          contract_address: address,
        }),
      );
      cmsDb.insert(
        'transactions',
        buildTransaction({
          id: 100 + i,
          collection: 100 + i,
          price: i,
          publishedAt: `2024-05-${10 + i}T10:00:00.000Z`,
        }),
      );
      collections[address] = { maxSupply: BigInt(10 * i), cost: BigInt(i) * USDT_UNIT };
      if (i % 2 === 0) pools.push({ nftAddress: address, cost: BigInt(2 * i) * USDT_UNIT });
    }
    return { collections, pools };
  }

  it.each([1, 8])(
    'with %i collection(s): at most 3 JSON-RPC HTTP requests and 3 CMS requests for the whole page',
    async (count) => {
      const { collections, pools } = featuredCollections(count);
      const node = dashboardChainNode({ ...KNOWN, collections, pools });
      const cms = recordCmsRequests();
      renderApp('/dashboard');
      await waitForEverything();
      expect(tableCells()).toHaveLength(count + 1);
      expect(tableCells()[count]).toEqual([
        `Featured ${count} Unverified`,
        // Untrusted contracts: no chain trades are read for them (nor their CMS transaction rows shown), so Total
        // Value comes from the start price, whatever pool holds them.
        `USDT ${(10 * count * count).toLocaleString('en')}.000`,
        String(10 * count),
        `USDT ${count}.000`,
        '—',
        '—',
      ]);

      // Every read was made: 5 Natura getters, rewards claimed, the order count and the book's 4
      // orders read back from the newest (the first step of the latest-swap search), the marketplace's
      // live listings; maxSupply and cost of every collection.
      expect(node.calls).toHaveLength(12 + 2 * count);
      expect(node.requests).toBeLessThanOrEqual(3);
      // The second /api/collections is the operator's verified rows, read once for the name check (deployed-system.md §C9.6).
      expect(cms.map((path) => path.split('?')[0]).sort()).toEqual([
        '/api/collections',
        '/api/collections',
        '/api/natura-balances',
      ]);
    },
  );
});
