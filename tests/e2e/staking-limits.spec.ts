import type { Page } from '@playwright/test';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { drainRewardPool, getRewardPool, refillRewardPool } from '../../contracts/deploy/reward-pool.ts';
import { appUrl, deployment, expect, stackInfo, test } from './fixtures.ts';
import { ERC20_ABI, STAKING_ABI, terraNftAbi } from './helpers/abis.ts';
import { reserved } from './helpers/accounts-and-tokens.ts';
import { baseUnits, shown } from './helpers/amounts.ts';
import { mined } from './helpers/facts.ts';
import type { TestWallet } from './test-wallet.ts';

/**
 * Staking money on the real stack (deployed-system.md §C9.2): rewards are pulled from the staking
 * owner's wallet, so an empty reward pool makes claim and unstake revert — the page must refuse
 * before any wallet prompt and say so; and the helper never lists a token above the pool's
 * totalSupply — the page refuses to stake one. Account #1 and its seeded stake (terra-genesis #4);
 * the spec moves the chain a few days on, leaves the reward pool refilled, and leaves terra-genesis
 * with maxSupply 51 and token 51 minted to account #1.
 */

const DAY = 86_400;
const KEY = 'terra-genesis';
const ACCOUNTS = reserved('staking-limits.spec.ts').accounts;
const SEEDED = reserved('staking-limits.spec.ts').tokens[KEY].seededStake;

function account1() {
  const { index } = reserved('staking-limits.spec.ts').accounts.staker;
  const account = deployment().accounts[index];
  if (!account) throw new Error(`the deployment has no dev account #${index}`);
  return account;
}

function terraGenesis() {
  const collection = deployment().collections.find((c) => c.key === KEY);
  if (!collection || collection.pid === null) throw new Error(`${KEY} is not a staking pool`);
  return { ...collection, pid: collection.pid };
}

function chain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const natura = new Contract(d.contracts.natura, ERC20_ABI, provider);
  const staking = new Contract(d.contracts.staking, STAKING_ABI, provider);
  // setCollectionInfo is the collection owner's call, which the app never makes: the compiled contract's ABI.
  const nft = new Contract(terraGenesis().address, terraNftAbi(), provider);
  const usdt = new Contract(d.contracts.usdt, ERC20_ABI, provider);
  const signer = (index: number) => new Wallet(d.accounts[index]!.privateKey, provider);
  /** Sends `fn(args)` on `c` from dev account `index` and waits for its receipt. */
  const send = async (c: Contract, index: number, fn: string, ...args: unknown[]) => {
    const tx = (await (c.connect(signer(index)) as Contract).getFunction(fn)(...args)) as { hash: string };
    const receipt = await mined(provider, tx.hash);
    expect(receipt.status, `${fn} reverted`).toBe(1);
  };
  const wholeDays = async (tokenId: number) => {
    const { timestamp } = (await staking.getFunction('vault')(terraGenesis().pid, tokenId)) as { timestamp: bigint };
    const now = BigInt((await provider.getBlock('latest'))!.timestamp);
    return (now - timestamp) / BigInt(DAY);
  };
  return {
    provider,
    natura,
    staking,
    nft,
    usdt,
    send,
    naturaOf: async (address: string) => (await natura.getFunction('balanceOf')(address)) as bigint,
    ownerOf: async (tokenId: number) => ((await nft.getFunction('ownerOf')(tokenId)) as string).toLowerCase(),
    /** Whole days `tokenId` has been staked at the chain's latest block. */
    wholeDays: async (tokenId: number) => wholeDays(tokenId),
    /** What a claim of `tokenId` pays at the chain's latest block: whole days × today's rate. */
    due: async (tokenId: number) => {
      const rate = (await staking.getFunction('getRewardsPerDay')(terraGenesis().pid)) as bigint;
      return (await wholeDays(tokenId)) * rate;
    },
  };
}

const title = (tokenId: number) => `${terraGenesis().name}#${tokenId}`;
const prompts = (wallet: TestWallet) =>
  wallet.requests.filter((r) => r.method === 'eth_sendTransaction' || r.method === 'eth_estimateGas').length;
const row = (page: Page, tokenId: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title(tokenId), exact: true }) });

async function openStaking(page: Page, wallet: TestWallet, tab: 'MY NFTS' | 'MY STAKED NFTS') {
  wallet.useAccount(account1().privateKey);
  await page.goto(appUrl('/nft-staking'));
  await page.locator('.staking-page').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByText('Terra Mater Test Wallet', { exact: true }).first().click();
  await page.getByRole('tab', { name: tab }).click();
}

async function choose(page: Page, tokenId: number, item: string) {
  await page.getByRole('button', { name: `Actions for ${title(tokenId)}` }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
  if (item === 'Stake' || item === 'Unstake') {
    // Stake and Unstake ask first, in a dialog naming the NFT (deployed-system.md §P4.7).
    const dialog = page.getByRole('dialog', { name: `${item} this NFT?` });
    await dialog.getByRole('button', { name: item, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The alert's text, then closes it. */
async function alertText(page: Page, heading: string): Promise<string> {
  const alert = page.locator('.swal2-popup');
  await expect(alert).toContainText(heading, { timeout: 30_000 });
  const text = (await alert.textContent()) ?? '';
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  return text;
}

test.describe.configure({ mode: 'serial' });

test.describe('staking money (§9.2)', () => {
  test('reward pool empty: claim and unstake refuse without a wallet prompt; refilled, the claim pays what the dialog said', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const d = deployment();
    await facts.provider.send('evm_increaseTime', [DAY + 3600]);
    await facts.provider.send('evm_mine', []);
    const due = await facts.due(SEEDED);
    expect(due).toBeGreaterThan(0n);
    expect((await drainRewardPool(stackInfo().rpcUrl, d)).allowance).toBe(0n);
    try {
      await openStaking(page, wallet, 'MY STAKED NFTS');
      await expect(row(page, SEEDED)).toBeVisible();

      await choose(page, SEEDED, 'Claim Rewards');
      const dialog = page.getByRole('dialog', { name: 'Claim rewards' });
      // Other specs move the shared chain's clock too: the whole days are the chain's, as the contract counts them.
      const days = await facts.wholeDays(SEEDED);
      expect(days).toBeGreaterThanOrEqual(1n);
      await expect(dialog).toContainText(`${days} whole day${days === 1n ? '' : 's'} paid; `);
      await dialog.getByRole('button', { name: 'Claim' }).click();
      const claimText = await alertText(page, 'Oops!');
      expect(claimText).toContain('The reward pool is empty: it cannot pay the');
      expect(claimText).toContain(
        'Your NFT stays staked, and its rewards keep counting, until the operator refills the pool.',
      );
      expect(claimText).not.toContain('ERC20');

      await choose(page, SEEDED, 'Unstake');
      const unstakeText = await alertText(page, 'Oops!');
      expect(unstakeText).toContain('The reward pool is empty: unstaking first pays the');
      expect(unstakeText).toContain('Your NFT stays staked until the operator refills the pool.');
      expect(prompts(wallet)).toBe(0);
      expect(await facts.ownerOf(SEEDED)).toBe(d.contracts.staking.toLowerCase());
    } finally {
      await refillRewardPool(stackInfo().rpcUrl, d);
    }

    const owner = (await getRewardPool(stackInfo().rpcUrl, d)).owner;
    const [before, ownerBefore] = [await facts.naturaOf(account1().address), await facts.naturaOf(owner)];
    await choose(page, SEEDED, 'Claim Rewards');
    const dialog = page.getByRole('dialog', { name: 'Claim rewards' });
    // Rewards with 2 decimals, rounded down (docs/amounts.md); the exact figure one tap away.
    const paid = dialog.locator('p.fw-bold');
    await expect(paid).toContainText(`You will be paid ${shown(due, 18, 'reward')} Natura`);
    let exactShown = shown(due, 18, 'reward');
    if (due % 10n ** 16n !== 0n) {
      await paid.getByRole('button', { name: /rounded: show the exact figure$/ }).click();
      const note = (await paid.locator('.amount-exact').textContent()) ?? '';
      const [, figure = '', units = ''] = /\(exactly ([\d,.]+); (\d+) base units\)/.exec(note) ?? [];
      exactShown = figure;
      expect(BigInt(units)).toBe(due);
    }
    await dialog.getByRole('button', { name: 'Claim', exact: true }).click();
    expect(await alertText(page, 'Success!')).toContain('Your have claimed your rewards successfuly');
    const received = (await facts.naturaOf(account1().address)) - before;
    expect(received).toBe(due);
    expect(ownerBefore - (await facts.naturaOf(owner))).toBe(due);
    // The dialog's exact figure (its tap-away view) is the amount paid, to the wei.
    expect(baseUnits(exactShown, 18)).toBe(due);
    await expect(row(page, SEEDED)).toContainText('Time since the last claim: 0 Days 0 Hour');
  });

  test('token above the pool supply: staking it is refused with the message; one staked elsewhere is listed and unstakes', async ({
    page,
    wallet,
  }) => {
    const facts = chain();
    const d = deployment();
    const pool = terraGenesis();
    const above = pool.maxSupply + 1; // poolInfo.totalSupply = maxSupply in the seed
    // The collection grows past the pool's totalSupply (the pool's count cannot be changed); it
    // stays so (a minted id cannot be undone): the dashboard spec reads maxSupply on chain.
    await facts.send(facts.nft, ACCOUNTS.poolOwner.index, 'setCollectionInfo', pool.name, pool.symbol, above);
    await facts.send(facts.usdt, ACCOUNTS.staker.index, 'approve', pool.address, BigInt(pool.cost));
    await facts.send(facts.nft, ACCOUNTS.staker.index, 'mint', above, BigInt(pool.cost));

    await openStaking(page, wallet, 'MY NFTS');
    await expect(page.getByRole('heading', { name: title(above), exact: true })).toBeVisible();
    await choose(page, above, 'Stake');
    expect(await alertText(page, 'Oops!')).toContain(
      `${title(above)} cannot be staked: this pool counts token ids 1 to ${pool.maxSupply} only, so a staked token above that would not appear in your staked NFTs.`,
    );
    expect(prompts(wallet)).toBe(0);
    expect(await facts.ownerOf(above)).toBe(account1().address.toLowerCase());

    // Staked by another app: the helper skips it (§9.2), the page still finds it and unstakes it.
    await facts.send(facts.nft, ACCOUNTS.staker.index, 'approve', d.contracts.staking, above);
    await facts.send(facts.staking, ACCOUNTS.staker.index, 'stake', [pool.pid], [above]);
    await page.reload();
    await page.getByRole('tab', { name: 'MY STAKED NFTS' }).click();
    await expect(row(page, above)).toBeVisible();
    await choose(page, above, 'Unstake');
    expect(await alertText(page, 'Success!')).toContain('Your nft has been unstaked successfuly');
    expect(await facts.ownerOf(above)).toBe(account1().address.toLowerCase());
    await expect(row(page, above)).toBeHidden();
  });

  test('reward pool runway: the days shown equal the chain figures (what the pool can pay over what every staked NFT earns a day); below 7 days the page warns', async ({
    page,
  }) => {
    const facts = chain();
    const d = deployment();
    const pools = d.collections.filter((c) => c.pid !== null);
    expect(pools).toHaveLength(4);
    let perDay = 0n;
    for (const c of pools) {
      const nft = new Contract(c.address, ERC20_ABI, facts.provider);
      const staked = (await nft.getFunction('balanceOf')(d.contracts.staking)) as bigint;
      perDay += staked * ((await facts.staking.getFunction('getRewardsPerDay')(c.pid)) as bigint);
    }
    expect(perDay).toBeGreaterThan(0n);
    const pool = await getRewardPool(stackInfo().rpcUrl, d);
    const available = pool.balance < pool.allowance ? pool.balance : pool.allowance;
    const days = available / perDay;
    expect(days).toBeGreaterThanOrEqual(7n);

    await page.goto(appUrl('/nft-staking'));
    const runway = page.getByRole('region', { name: 'Reward pool' });
    await expect(runway.getByTestId('reward-pool-days')).toHaveText(
      // Whole days, grouped in thousands like every count (docs/amounts.md).
      `The reward pool can pay about ${days.toLocaleString('en')} more days of rewards for every staked NFT, at today's rate.`,
    );
    await expect(runway.getByRole('alert')).toHaveCount(0);

    // The operator lowers the allowance to three and a half days of rewards: the page says 3 and warns.
    const owner = d.accounts.findIndex((a) => a.address.toLowerCase() === pool.owner.toLowerCase());
    expect(owner).toBeGreaterThanOrEqual(0);
    try {
      await facts.send(facts.natura, owner, 'approve', d.contracts.staking, perDay * 3n + perDay / 2n);
      await page.reload();
      await expect(runway.getByTestId('reward-pool-days')).toHaveText(
        "The reward pool can pay about 3 more days of rewards for every staked NFT, at today's rate.",
      );
      await expect(runway.getByRole('alert')).toContainText('The reward pool runs low.');
    } finally {
      await refillRewardPool(stackInfo().rpcUrl, d);
    }
  });

  for (const width of [1366, 375]) {
    test(`screens at ${width}px: the claim dialog and the reward pool empty message`, async ({ page, wallet }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const facts = chain();
      await facts.provider.send('evm_increaseTime', [DAY + 5 * 3600]);
      await facts.provider.send('evm_mine', []);
      await openStaking(page, wallet, 'MY STAKED NFTS');
      await expect(row(page, SEEDED)).toBeVisible();
      await choose(page, SEEDED, 'Claim Rewards');
      const dialog = page.getByRole('dialog', { name: 'Claim rewards' });
      await expect(dialog).toContainText('of the current day forfeited');
      await page.screenshot({
        path: `artifacts/screenshots/staking-claim-dialog-${width}.png`,
        animations: 'disabled',
      });
      // The reward's exact figure one tap away, then the same dialog in Italian (the header's language
      // select sits behind the modal, so it is chosen by its label rather than by role).
      await dialog
        .locator('p.fw-bold')
        .getByRole('button', { name: /rounded: show the exact figure$/ })
        .click();
      await expect(dialog.locator('p.fw-bold .amount-exact')).toBeVisible();
      const language = page.locator('select.language-select');
      await language.selectOption({ label: 'Italiano' }, { force: true });
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await page.screenshot({
        path: `artifacts/screenshots/staking-claim-dialog-it-${width}.png`,
        animations: 'disabled',
      });
      await language.selectOption({ label: 'English' }, { force: true });
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await drainRewardPool(stackInfo().rpcUrl, deployment());
      try {
        await dialog.getByRole('button', { name: 'Claim' }).click();
        await expect(page.locator('.swal2-popup')).toContainText('The reward pool is empty');
        await page.screenshot({
          path: `artifacts/screenshots/staking-pool-empty-${width}.png`,
          animations: 'disabled',
        });
        expect(prompts(wallet)).toBe(0);
      } finally {
        await refillRewardPool(stackInfo().rpcUrl, deployment());
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
