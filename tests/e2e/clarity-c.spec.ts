import { Contract, JsonRpcProvider } from 'ethers';
import { appUrl, deployment, expect, SCREENSHOT_DIR, stackInfo, test } from './fixtures.ts';
import { join } from 'node:path';

/**
 * Issue 25 (i25c): what a visitor sees of staking before connecting. Every figure is read from anvil: the
 * pool contract's name(), the staking contract's getRewardsPerDay(pid) (with its "≈ $" at Natura's getNaturaPrice)
 * and how many pool NFTs it holds.
 */

const NFT_ABI = ['function name() view returns (string)', 'function balanceOf(address) view returns (uint256)'];
const STAKING_ABI = ['function getRewardsPerDay(uint256) view returns (uint256)'];
const NATURA_ABI = ['function getNaturaPrice() view returns (uint256)'];

/** Natura wei as the page shows it: 2 decimals, rounded half-up, English separators. */
const natura2 = (wei: bigint) => {
  const cents = (wei + 5n * 10n ** 15n) / 10n ** 16n;
  return `${(cents / 100n).toLocaleString('en')}.${(cents % 100n).toString().padStart(2, '0')}`;
};

/** "≈ $" of Natura wei at `price` (USD, 6 decimals, per whole Natura): cents rounded half-up, English separators. */
const usd2 = (wei: bigint, price: bigint) => {
  const usd6 = (wei * price) / 10n ** 18n;
  const cents = (usd6 + 5_000n) / 10_000n;
  return `≈ $${(cents / 100n).toLocaleString('en')}.${(cents % 100n).toString().padStart(2, '0')}`;
};

async function poolFacts() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const staking = new Contract(d.contracts.staking, STAKING_ABI, provider);
  const price = (await new Contract(d.contracts.natura, NATURA_ABI, provider).getFunction(
    'getNaturaPrice',
  )()) as bigint;
  const pools = d.collections
    .filter((c): c is typeof c & { pid: number } => c.pid !== null)
    .sort((a, b) => a.pid - b.pid);
  return Promise.all(
    pools.map(async (pool) => {
      const nft = new Contract(pool.address, NFT_ABI, provider);
      return {
        name: (await nft.getFunction('name')()) as string,
        rate: (await staking.getFunction('getRewardsPerDay')(pool.pid)) as bigint,
        staked: (await nft.getFunction('balanceOf')(d.contracts.staking)) as bigint,
        price,
      };
    }),
  );
}

test.describe('clarity (i25c)', () => {
  test('pools before connecting: the four pools with collection, reward per day and staked count, then Connect Wallet', async ({
    page,
    wallet,
  }) => {
    const facts = await poolFacts();
    expect(facts).toHaveLength(4);
    await page.goto(appUrl('/nft-staking'));
    const list = page.getByRole('list', { name: 'Staking pools' });
    await expect(list.getByRole('listitem')).toHaveText(
      facts.map(
        (pool) =>
          `${pool.name}Reward per NFT per day: ${natura2(pool.rate)} Natura, at today's rate ${usd2(pool.rate, pool.price)}` +
          `${pool.staked} ${pool.staked === 1n ? 'NFT' : 'NFTs'} staked`,
      ),
    );
    expect(facts.some((pool) => pool.staked > 0n)).toBe(true);
    const connect = page.locator('.staking-page').getByRole('button', { name: 'Connect Wallet' });
    await expect(connect).toBeVisible();
    expect(wallet.requests.filter((r) => r.method !== 'eth_chainId' && r.method !== 'eth_accounts')).toEqual([]);

    for (const [language, label] of [
      ['en', null],
      ['it', 'Italiano'],
    ] as const) {
      if (label) {
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.getByRole('combobox', { name: 'Language' }).selectOption({ label });
        await expect(page.getByRole('list', { name: 'Pool di staking' })).toBeVisible();
      }
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `i25c-staking-pools-${language}-${width}.png`),
          fullPage: true,
        });
      }
    }
  });
});
