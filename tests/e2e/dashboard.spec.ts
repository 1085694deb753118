import type { Locator, Page } from '@playwright/test';
import { Contract, JsonRpcProvider, Wallet, formatUnits, parseUnits, type InterfaceAbi } from 'ethers';
import { DASHBOARD } from '../../contracts/deploy/deploy.ts';
import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, NATURA_ABI, NFT_COLLECTION_ABI, SWAP_ABI, terraStakingAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { cmsGet, copiesOfVerified, mined, type StandardList } from './helpers/facts.ts';
import { historyChain } from './helpers/market-history.ts';

/**
 * End to end (deployed-system.md §C6.1, §P2.11): the dashboard on the real stack. The admin-set figures are the deploy
 * script's seed (DASHBOARD) and the CMS seed; what other specs' trades, claims, stakes and purchases
 * can move (burned Natura, rewards claimed, the Natura price, the latest swap, last trade prices) is
 * read from the chain and the CMS while the test runs. Every card text and table cell is compared exactly.
 */

const NAT = 18;
const USDT = 6;
const LAUNCHED = 2_666_666n * 10n ** 18n;

/** `units / 10^decimals` with `places` decimals (or every significant one), grouped, English. */
function shown(units: bigint, decimals: number, places: number | 'exact'): string {
  const format = new Intl.NumberFormat('en', {
    minimumFractionDigits: places === 'exact' ? 0 : places,
    maximumFractionDigits: places === 'exact' ? decimals : places,
  });
  // Intl formats a decimal string exactly, rounding half away from zero (half-up for these).
  return format.format(formatUnits(units, decimals) as unknown as number);
}

interface Order {
  tokenA: string;
  price: bigint;
  status: bigint;
}

function rpc() {
  return new JsonRpcProvider(stackInfo().rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
}

/** What the chain says now about the figures other flows can change. */
async function chainFacts() {
  const d = deployment();
  const provider = rpc();
  try {
    const natura = new Contract(d.contracts.natura, NATURA_ABI, provider);
    // totNftPrice is a view the app does not read: the compiled staking contract's ABI.
    const staking = new Contract(d.contracts.staking, terraStakingAbi(), provider);
    const swap = new Contract(d.contracts.swap, SWAP_ABI, provider);
    const [burned, rewards, orders, staked, supply] = (await Promise.all([
      natura.getFunction('balanceOf')('0x000000000000000000000000000000000000dEaD'),
      staking.getFunction('totalRewardsClaimed')(),
      swap.getFunction('getOrders')(),
      staking.getFunction('totNftPrice')(),
      natura.getFunction('totalSupply')(),
    ])) as [bigint, bigint, Order[], bigint, bigint];
    // deployed-system.md §C9.3, from the seed's admin values and what staking has moved since.
    const backing =
      staked / 10n ** 6n +
      DASHBOARD.goldReserves +
      (DASHBOARD.bitcoinReserves / 10n ** 18n) * (DASHBOARD.btcUsdPrice / 10n ** 8n) +
      DASHBOARD.miscReserves;
    const circulating =
      ((supply / 10n ** 18n) * DASHBOARD.circulationPercentage) / 10_000n +
      DASHBOARD.otherNaturaReleased / 10n ** 18n +
      rewards / 10n ** 18n;
    return { burned, rewards, orders, price: (backing * 10n ** 6n) / circulating };
  } finally {
    provider.destroy();
  }
}

/** Card 2 as the app must show it: US dollars per NAT of the newest filled order, 3 decimals. */
function latestSwapText(orders: Order[]): string {
  const filled = [...orders].reverse().find((order) => order.status === 0n);
  if (!filled) return 'No successful swap yet';
  const isUsdt = filled.tokenA.toLowerCase() === deployment().contracts.usdt.toLowerCase();
  // Natura deposited: price = USDT per NAT; USDT deposited: price = NAT per USDT, inverted.
  return isUsdt ? `$${shown(10n ** 36n / filled.price, 18, 3)}` : `$${shown(filled.price, USDT, 3)}`;
}

interface Balances {
  team_natura_released: number;
  incentive_program_released: number;
  rnd_release: number;
  reserve_natura_released: number;
}

interface DashboardCollection {
  name: string;
  contract_address: string;
}

const natFrom = (value: number) => parseUnits(String(value), NAT);

async function expectedCards(): Promise<string[]> {
  const { burned, rewards, orders, price } = await chainFacts();
  const balances = (await cmsGet<StandardList<Balances>>('/api/natura-balances')).data[0]!.attributes;
  const released = [
    balances.team_natura_released,
    balances.incentive_program_released,
    balances.rnd_release,
    balances.reserve_natura_released,
  ].map(natFrom);
  const circulating = rewards + released.reduce((sum, value) => sum + value, 0n) + LAUNCHED - burned;
  return [
    `Minimum Natura value: $ ${shown(price, USDT, 'exact')}`,
    `Latest Swap transaction: ${latestSwapText(orders)}`,
    `Circulating supply: NAT ${shown(circulating, NAT, 3)}`,
    `P.o.NFT Rewards Claimed: NAT ${shown(rewards, NAT, 2)}`,
    'Launched Natura: NAT 2,666,666',
    `Team Natura released: NAT ${shown(released[0]!, NAT, 2)}`,
    `Incentive program Natura: NAT ${shown(released[1]!, NAT, 2)}`,
    `R&D Natura released: NAT ${shown(released[2]!, NAT, 2)}`,
    `Reserve Natura released: NAT ${shown(released[3]!, NAT, 2)}`,
    `Burned Natura: NAT ${shown(burned, NAT, 2)}`,
    `Bitcoin Reserves: BTC ${shown(DASHBOARD.bitcoinReserves, 18, 'exact')}`,
    `Gold Reserves: $ ${shown(DASHBOARD.goldReserves, 0, 'exact')}`,
    `Miscellaneous Reserve: $ ${shown(DASHBOARD.miscReserves, 0, 'exact')}`,
  ];
}

async function maxSupplyOf(collection: string): Promise<bigint> {
  const provider = rpc();
  try {
    const nft = new Contract(collection, NFT_COLLECTION_ABI, provider);
    return (await nft.getFunction('maxSupply')()) as bigint;
  } finally {
    provider.destroy();
  }
}

/**
 * One row per active featured CMS collection (copies of a verified one left out), every figure from the chain (issue
 * 38): supply and cost from the contract, Market Price = the floor of the live listings else the last sale, Last
 * Trade Price = the newest sale (helpers/history.ts reads both from the chain's logs, not with the app's code).
 */
async function expectedRows(): Promise<string[][]> {
  const collections = await cmsGet<StandardList<DashboardCollection>>(
    '/api/collections?filters[status][$eq]=Active&filters[feature][$eq]=true&sort[0]=id:asc',
  );
  const usdt = (units: bigint | null) => (units === null ? '—' : `USDT ${shown(units, USDT, 3)}`);
  // Rows copying a verified collection (another spec may have made some) are left out of the table (deployed-system.md §C9.6).
  const isCopy = await copiesOfVerified();
  const chain = historyChain();
  return Promise.all(
    collections.data
      .filter((row) => !isCopy(row))
      .map(async ({ attributes }) => {
        const deployed = deployment().collections.find(
          (c) => c.address.toLowerCase() === attributes.contract_address.toLowerCase(),
        );
        if (!deployed) throw new Error(`featured collection ${attributes.name} is not in the deployment`);
        const cost = BigInt(deployed.cost);
        const figures = await chain.figures(deployed.address);
        const market = figures.floor ?? figures.lastSale;
        // Read on chain: the staking-limits spec grows a pool collection past its pool's totalSupply.
        const supply = await maxSupplyOf(deployed.address);
        return [
          // The local stack trusts every collection it deployed: the name carries the verified tick.
          `${deployed.name} ✔`,
          usdt(supply * (market && market > 0n ? market : cost)),
          shown(supply, 0, 0),
          usdt(cost),
          usdt(market),
          usdt(figures.lastSale),
        ];
      }),
  );
}

const cardList = (page: Page) => page.getByRole('list', { name: 'Natura figures' });

async function cardTexts(page: Page): Promise<string[]> {
  const items = await cardList(page).getByRole('listitem').all();
  return Promise.all(
    items.map(async (item) => `${await item.locator('h2').textContent()}: ${await item.locator('p').textContent()}`),
  );
}

async function rows(table: Locator): Promise<string[][]> {
  const trs = await table.locator('tbody tr').all();
  return Promise.all(trs.map((tr) => tr.locator('th, td').allTextContents()));
}

async function openDashboard(page: Page) {
  await page.goto(appUrl('/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'NFT Collections' })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe('dashboard', () => {
  test('the 13 cards and the NFT Collections table show the stack’s figures', async ({ page }) => {
    await openDashboard(page);
    expect(await cardTexts(page)).toEqual(await expectedCards());

    const table = page.getByRole('table', { name: 'NFT Collections' });
    await expect(table.locator('thead th')).toHaveText([
      'NFT Collection',
      'Total Value',
      'Total Supply',
      'Start Price',
      'Market Price',
      'Last Trade Price',
    ]);
    const expected = await expectedRows();
    expect(expected.length).toBeGreaterThan(0);
    expect(await rows(table)).toEqual(expected);

    // The local chain has no block explorer, so the card titles are not linked (deployed-system.md §C1).
    const rewardsCard = cardList(page).getByRole('listitem', { name: 'P.o.NFT Rewards Claimed' });
    await expect(rewardsCard).toBeVisible();
    await expect(rewardsCard.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Find More Details here.' })).toHaveAttribute(
      'href',
      'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/natural-economy/natura-token/contracts-and-addresses',
    );
  });

  test('Latest Swap transaction opens /swapping asking for the Record view', async ({ page }) => {
    await openDashboard(page);
    await cardList(page).getByRole('link', { name: 'Latest Swap transaction' }).click();
    await expect(page).toHaveURL(appUrl('/swapping'));
    // React Router keeps the navigation state in history.state.usr; the swap page reads `view`.
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({
      view: 'record',
    });
  });

  test('after a swap trade on the chain, the card shows its price on reload', async ({ page }) => {
    const d = deployment();
    const provider = rpc();
    // The trade is undone afterwards, so that the specs after this one find the seeded order book.
    const snapshot = (await provider.send('evm_snapshot', [])) as string;
    try {
      await openDashboard(page);
      const latest = cardList(page).getByRole('listitem', { name: 'Latest Swap transaction' }).locator('p');
      await expect(latest).not.toHaveText('$1.337');

      const { swapMaker, swapTaker } = reserved('dashboard.spec.ts').accounts;
      const maker = new Wallet(d.accounts[swapMaker.index]!.privateKey, provider);
      const taker = new Wallet(d.accounts[swapTaker.index]!.privateKey, provider);
      const erc20 = ERC20_ABI;
      const swapAbi = SWAP_ABI;
      const amount = parseUnits('10', NAT);
      const price = parseUnits('1.337', USDT); // USDT per NAT
      const orderId = (
        (await new Contract(d.contracts.swap, swapAbi, provider).getFunction('getOrders')()) as unknown[]
      ).length;
      const send = async (wallet: Wallet, address: string, abi: InterfaceAbi, fn: string, args: unknown[]) => {
        const tx = (await new Contract(address, abi, wallet).getFunction(fn)(...args)) as { hash: string };
        expect((await mined(provider, tx.hash)).status, `${fn} mined`).toBe(1);
      };
      await send(maker, d.contracts.natura, erc20, 'approve', [d.contracts.swap, amount]);
      await send(maker, d.contracts.swap, swapAbi, 'createOrder', [d.contracts.natura, amount, price, 'sell']);
      // The taker pays P = price × whole NAT (deployed-system.md §C9.4).
      await send(taker, d.contracts.usdt, erc20, 'approve', [d.contracts.swap, price * (amount / 10n ** 18n)]);
      await send(taker, d.contracts.swap, swapAbi, 'swap', [orderId]);

      await page.reload();
      await expect(latest).toHaveText('$1.337');
    } finally {
      await provider.send('evm_revert', [snapshot]);
      provider.destroy();
    }
  });
});
