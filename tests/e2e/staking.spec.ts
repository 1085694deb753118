import type { Page } from '@playwright/test';
import { Contract, JsonRpcProvider } from 'ethers';
import { SCREENSHOT_DIR, appUrl, deployment, expect, expectSignedIn, stackInfo, test } from './fixtures.ts';
import { join } from 'node:path';
import { ERC20_ABI, NFT_COLLECTION_ABI, STAKING_ABI } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { shown } from './helpers/amounts.ts';
import { poolFacts, poolNatura2, usd2, yearlyRate } from './helpers/staking-pools.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * Staking on the real stack with account #3 and its own tokens (terra-genesis #3, coral-guardians
 * #2, and alpine-spirits #3 that the seed stakes for it): stake, let the chain run three days,
 * see the rewards, claim one, claim two at once, unstake. Every effect is read back from anvil.
 * The tests run in order and each reads the state it needs from the chain.
 */

const DAY = 86_400;
const RESERVED = reserved('staking.spec.ts');
const TERRA = RESERVED.tokens['terra-genesis'].staked;
const CORAL = RESERVED.tokens['coral-guardians'].staked;
const ALPINE = RESERVED.tokens['alpine-spirits'].seededStake;

function account3() {
  const account = deployment().accounts[RESERVED.accounts.staker.index];
  if (!account) throw new Error(`the deployment has no dev account #${RESERVED.accounts.staker.index}`);
  return account;
}

function pool(key: string) {
  const collection = deployment().collections.find((c) => c.key === key);
  if (!collection || collection.pid === null) throw new Error(`${key} is not a staking pool`);
  return { ...collection, pid: collection.pid };
}

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const natura = new Contract(d.contracts.natura, ERC20_ABI, provider);
  const staking = new Contract(d.contracts.staking, STAKING_ABI, provider);
  return {
    provider,
    naturaOf: async (address: string) => (await natura.getFunction('balanceOf')(address)) as bigint,
    ownerOf: async (key: string, tokenId: number) => {
      const nft = new Contract(pool(key).address, NFT_COLLECTION_ABI, provider);
      return (await nft.getFunction('ownerOf')(tokenId)) as string;
    },
    stakedAt: async (key: string, tokenId: number) => {
      const entry = (await staking.getFunction('vault')(pool(key).pid, tokenId)) as { timestamp: bigint };
      return entry.timestamp;
    },
    rate: async (key: string) => (await staking.getFunction('getRewardsPerDay')(pool(key).pid)) as bigint,
    now: async () => BigInt((await provider.getBlock('latest'))!.timestamp),
  };
}

const title = (key: string, tokenId: number) => `${pool(key).name}#${tokenId}`;
/** Natura wei as the list shows rewards: 2 decimals, rounded down (docs/amounts.md). */
const natura2 = (wei: bigint) => shown(wei, 18, 'reward');
const sends = (wallet: TestWallet) => wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length;
const row = (page: Page, key: string, tokenId: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title(key, tokenId), exact: true }) });

async function openStaking(page: Page, wallet: TestWallet) {
  wallet.useAccount(account3().privateKey);
  await page.goto(appUrl('/nft-staking'));
  await expect(page.getByRole('heading', { name: 'Stake and Earn' })).toBeVisible();
  // The page's own Connect Wallet (the gate) opens the wallet dialog, on every width.
  await page.locator('.staking-page').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
  await expect(page.getByRole('tab', { name: 'MY NFTS' })).toBeVisible();
  if (page.viewportSize()?.width !== 375) await expectSignedIn(page, wallet.address);
}

/** Waits until every thumbnail has loaded (or fallen back to the placeholder). */
async function imagesLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.staking-thumb')].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
}

async function choose(page: Page, key: string, tokenId: number, item: string) {
  await page.getByRole('button', { name: `Actions for ${title(key, tokenId)}` }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
  if (item === 'Stake' || item === 'Unstake') {
    // Stake and Unstake ask first, in a dialog naming the NFT (deployed-system.md §P4.7).
    const dialog = page.getByRole('dialog', { name: `${item} this NFT?` });
    await dialog.getByRole('button', { name: item, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Claim Rewards opens the claim dialog; its Claim button goes on to the wallet. */
async function confirmClaim(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Claim rewards' });
  await dialog.getByRole('button', { name: 'Claim' }).click();
  await expect(dialog).toBeHidden();
}

async function expectSuccess(page: Page, text: string) {
  const alert = page.locator('.swal2-popup');
  await expect(alert).toContainText('Success!', { timeout: 30_000 });
  await expect(alert).toContainText(text);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

/** Each whole day × rate for the tokens, at the chain's current time. */
async function due(facts: ReturnType<typeof chain>, tokens: [string, number][]) {
  const now = await facts.now();
  let total = 0n;
  for (const [key, id] of tokens) {
    total += ((now - (await facts.stakedAt(key, id))) / BigInt(DAY)) * (await facts.rate(key));
  }
  return total;
}

test.describe('staking pools before connecting', () => {
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
          `${pool.name}Reward per NFT per day: ${poolNatura2(pool.rate)} Natura, at today's rate ${usd2(pool.rate, pool.price)}` +
          `${pool.staked} ${pool.staked === 1n ? 'NFT' : 'NFTs'} staked` +
          yearlyRate(pool.rate, pool.cost, pool.price),
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

test.describe('staking', () => {
  test.describe.configure({ mode: 'serial' });

  test('stake: approve + stake moves the NFTs from MY NFTS to MY STAKED, owned by the staking contract', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const staking = deployment().contracts.staking;
    await openStaking(page, wallet);
    for (const [key, id] of [
      ['terra-genesis', TERRA],
      ['coral-guardians', CORAL],
    ] as const) {
      expect((await facts.ownerOf(key, id)).toLowerCase()).toBe(account3().address.toLowerCase());
      await expect(page.getByRole('heading', { name: title(key, id), exact: true })).toBeVisible();
      const before = sends(wallet);
      await choose(page, key, id, 'Stake');
      await expectSuccess(page, 'Your nft has been staked successfuly');
      expect(sends(wallet) - before).toBe(2); // approve, then stake
      expect((await facts.ownerOf(key, id)).toLowerCase()).toBe(staking.toLowerCase());
      await expect(page.getByRole('heading', { name: title(key, id), exact: true })).toBeHidden();
    }
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    // Today's rate (§9.2: from the live Natura price), read after the stakes moved the price.
    const rate = await facts.rate('terra-genesis');
    await expect(row(page, 'terra-genesis', TERRA)).toContainText(`Reward per day: ${natura2(rate)} Natura`);
    await expect(row(page, 'coral-guardians', CORAL)).toBeVisible();
    await expect(row(page, 'alpine-spirits', ALPINE)).toBeVisible();
    await expect(row(page, 'terra-genesis', TERRA)).toContainText('Total Rewards: 0.00 Natura');
  });

  test("three days later Total Rewards is 3 × today's reward per day, and Claim pays exactly that", async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    await facts.provider.send('evm_increaseTime', [3 * DAY]);
    await facts.provider.send('evm_mine', []);
    const rate = await facts.rate('terra-genesis');
    expect(await due(facts, [['terra-genesis', TERRA]])).toBe(3n * rate);

    await openStaking(page, wallet);
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    const terra = row(page, 'terra-genesis', TERRA);
    await expect(terra).toContainText(`Total Rewards: ${natura2(3n * rate)} Natura`);
    await expect(terra).toContainText(/Time since the last claim: 3 Days 0 Hour \d+ Min \d+ Sec/);

    const before = await facts.naturaOf(account3().address);
    await choose(page, 'terra-genesis', TERRA, 'Claim Rewards');
    await confirmClaim(page);
    await expectSuccess(page, 'Your have claimed your rewards successfuly');
    expect((await facts.naturaOf(account3().address)) - before).toBe(3n * rate);
    await expect(terra).toContainText('Total Rewards: 0.00 Natura');
  });

  test('multi-select: two staked NFTs claimed in one transaction', async ({ page, wallet }) => {
    const facts = chain();
    const tokens: [string, number][] = [
      ['coral-guardians', CORAL],
      ['alpine-spirits', ALPINE],
    ];
    const expected = await due(facts, tokens);
    expect(expected).toBeGreaterThan(0n);
    await openStaking(page, wallet);
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    for (const [key, id] of tokens) await page.getByRole('checkbox', { name: `Select ${title(key, id)}` }).check();
    const before = await facts.naturaOf(account3().address);
    const sent = sends(wallet);
    await page.getByRole('button', { name: 'Claim selected (2)' }).click();
    await confirmClaim(page);
    await expectSuccess(page, 'Your have claimed your rewards successfuly');
    expect(sends(wallet) - sent).toBe(1);
    expect((await facts.naturaOf(account3().address)) - before).toBe(expected);
  });

  test('add Natura to wallet: from the claim message and from the staking page, with the configured address, symbol and 18 decimals', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    await facts.provider.send('evm_increaseTime', [DAY]);
    await facts.provider.send('evm_mine', []);
    const d = deployment();
    // The symbol the wallet is given is the token's own (wallets compare them).
    const symbol = (await new Contract(d.contracts.natura, ['function symbol() view returns (string)'], facts.provider)
      .getFunction('symbol')
      .staticCall()) as string;
    expect(symbol).toBe('Natura');
    const natura = { type: 'ERC20', options: { address: d.contracts.natura, symbol, decimals: 18 } };

    await openStaking(page, wallet);
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    await choose(page, 'terra-genesis', TERRA, 'Claim Rewards');
    await confirmClaim(page);
    const alert = page.locator('.swal2-popup');
    await expect(alert).toContainText('Success!', { timeout: 30_000 });
    await alert.getByRole('button', { name: 'Add Natura to my wallet' }).click();
    await expect(alert).toBeHidden();
    await expect.poll(() => wallet.watchedAssets).toEqual([natura]);

    await page.getByRole('button', { name: 'Add Natura to my wallet' }).click();
    await expect(page.getByRole('status').filter({ hasText: "Natura is in your wallet's token list." })).toBeVisible();
    expect(wallet.watchedAssets).toEqual([natura, natura]);
  });

  test('claim at zero: just after a claim, Claim Rewards and Claim selected are disabled, say when the next whole day starts, and never prompt', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    // The test before claimed it: no whole day is due until a day has passed on chain.
    expect(await due(facts, [['terra-genesis', TERRA]])).toBe(0n);
    await openStaking(page, wallet);
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    const prompts = () => wallet.requests.filter((r) => /^eth_(sendTransaction|estimateGas)$/.test(r.method)).length;
    const before = prompts();

    await page.getByRole('button', { name: `Actions for ${title('terra-genesis', TERRA)}` }).click();
    const claim = page.getByRole('button', { name: /^Claim Rewards/ });
    await expect(claim).toBeDisabled();
    await expect(claim).toContainText(
      /Nothing to claim yet: the next whole day starts in 0 Days 23 Hour \d+ Min \d+ Sec\./,
    );
    await page.keyboard.press('Escape');

    await page.getByRole('checkbox', { name: `Select ${title('terra-genesis', TERRA)}` }).check();
    await expect(page.getByRole('button', { name: 'Claim selected (1)' })).toBeDisabled();
    await expect(
      page.getByRole('status').filter({ hasText: 'The selected NFTs have no whole day to claim yet' }),
    ).toBeVisible();
    expect(prompts()).toBe(before);
  });

  test('unstake: the NFT is back in MY NFTS and owned by the account on chain', async ({ page, wallet }) => {
    const facts = chain();
    await openStaking(page, wallet);
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    await expect(row(page, 'terra-genesis', TERRA)).toBeVisible();
    await choose(page, 'terra-genesis', TERRA, 'Unstake');
    await expectSuccess(page, 'Your nft has been unstaked successfuly');
    expect((await facts.ownerOf('terra-genesis', TERRA)).toLowerCase()).toBe(account3().address.toLowerCase());
    await expect(row(page, 'terra-genesis', TERRA)).toBeHidden();
    await page.getByRole('tab', { name: 'MY NFTS' }).click();
    await expect(page.getByRole('heading', { name: title('terra-genesis', TERRA), exact: true })).toBeVisible();
  });

  for (const width of [1366, 375]) {
    test(`screens at ${width}px: the gate and both lists`, async ({ page, wallet }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(appUrl('/nft-staking'));
      await expect(page.getByRole('heading', { name: 'Stake and Earn' })).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/staking-gate-${width}.png`, fullPage: true });
      await openStaking(page, wallet);
      await expect(page.getByRole('heading', { name: title('terra-genesis', TERRA), exact: true })).toBeVisible();
      await imagesLoaded(page);
      await page.screenshot({ path: `artifacts/screenshots/staking-my-nfts-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
      await expect(row(page, 'alpine-spirits', ALPINE)).toBeVisible();
      await imagesLoaded(page);
      await page.screenshot({ path: `artifacts/screenshots/staking-staked-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
