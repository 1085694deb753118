/**
 * Acceptance test of the app's contract layer (deployed-system.md §C5) (not raw ethers) drives the reference
 * contracts on a fresh anvil, deployed and seeded by the local stack's own deploy script, through
 * every flow of deployed-system.md §C5 — mint, list, buy, release, stake → 3 days 5 hours → claim → unstake,
 * and create / edit up / edit down / trade (fractional and whole orders, previews = balance changes) /
 * cancel swap orders with tokenA Natura and tokenA USDT.
 * Every balance that moves is asserted to the wei, with expected amounts written out by hand.
 */
import type { TFunction } from 'i18next';
import {
  Contract,
  Interface,
  Wallet,
  type ContractRunner,
  type JsonRpcProvider,
  type TransactionRequest,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, type Deployment } from '../../contracts/deploy/deploy.ts';
import { drainRewardPool, refillRewardPool } from '../../contracts/deploy/reward-pool.ts';
import type { Address } from '@/config/env';
import { approveUsdt, getUsdtAllowance, getUsdtBalance } from '@/lib/chain/contracts/usdt';
import { getNaturaBalance, getNaturaPrice } from '@/lib/chain/contracts/natura';
import { fetchMarketItems, MARKETPLACE_ABI } from '@/lib/chain/contracts/marketplace';
import { findOwnerOf, getOwnerOf, getSaleRoyalty } from '@/lib/chain/contracts/nft-collection';
import { getRewardsPerDay, getTotalRewardsClaimed, getVaultEntry } from '@/lib/chain/contracts/staking';
import { getUserStakedTokens } from '@/lib/chain/contracts/staking-helper';
import { SWAP_ABI, getOrderById, getOrders, getOrdersOneByOne } from '@/lib/chain/contracts/swap';
import { ORDER_STATUS, type SwapOrder } from '@/lib/chain/contracts/swap-order';
import { planBuy, planMint } from '@/features/checkout/tx/plan';
import { planListing, planRelease } from '@/features/profile/tx/plan';
import { getRewardPool, rewardPoolCovers } from '@/features/staking/api/get-reward-pool';
import { stakingRevertKey } from '@/features/staking/components/revert-messages';
import { planClaim, planStake, planUnstake } from '@/features/staking/tx/plan';
import {
  planCancelOrder,
  planCreateOrder,
  planTakeOrder,
  planUpdateOrder,
  tradeApproval,
} from '@/features/swap/tx/plan';
import { checkCancel, checkTrade } from '@/features/swap/tx/preflight';
import { listedItemId } from '@/features/profile/tx/record';
import { runPlan } from '@/lib/tx/plan';
import { createReadProvider } from '@/lib/chain/provider';
import { marketSaleSplit } from '@/lib/chain/market-math';
import { claimPreview } from '@/lib/chain/staking-math';
import { fillAmounts, type SwapTokens } from '@/lib/chain/swap-math';
import { runTransaction, type TxState } from '@/lib/tx/transaction';
import { parseNatura, parseUsdt } from '@/lib/chain/units';
import { AppError } from '@/lib/errors/app-error';

const DEAD = '0x000000000000000000000000000000000000dEaD' as Address;
const DAY = 86_400;

let anvil: AnvilHandle;
let provider: JsonRpcProvider;
let d: Deployment;
let tokens: SwapTokens;
let usdt: Address;
let natura: Address;
let marketplace: Address;
let staking: Address;
let swap: Address;

const wallet = (index: number): Wallet => new Wallet(d.accounts[index]!.privateKey, provider);
const addressOf = (index: number): Address => d.accounts[index]!.address as Address;
const collection = (key: string): Address => d.collections.find((c) => c.key === key)!.address as Address;

/** Records the steps a flow confirmed, and every state it reported. */
function recorder() {
  const states: TxState[] = [];
  return {
    options: { onState: (s: TxState) => states.push(s) },
    confirmedSteps: () => states.filter((s) => s.status === 'confirmed').map((s) => ('step' in s ? s.step : '')),
    states,
  };
}

/** Balance deltas of `accounts` in `token` around `action`. */
async function deltas(token: Address, accounts: Address[], action: () => Promise<unknown>): Promise<bigint[]> {
  const read = (a: Address) =>
    token === usdt ? getUsdtBalance(provider, usdt, a) : getNaturaBalance(provider, natura, a);
  const before = await Promise.all(accounts.map(read));
  await action();
  const after = await Promise.all(accounts.map(read));
  return after.map((value, i) => value - before[i]!);
}

async function blockTimestamp(blockNumber: number): Promise<bigint> {
  const block = await provider.getBlock(blockNumber);
  return BigInt(block!.timestamp);
}

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 });
  d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
  provider = createReadProvider(anvil.url, d.chainId, { pollingInterval: 20 });
  usdt = d.contracts.usdt as Address;
  natura = d.contracts.natura as Address;
  marketplace = d.contracts.marketplace as Address;
  staking = d.contracts.staking as Address;
  swap = d.contracts.swap as Address;
  tokens = { usdt, natura };
});

afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

describe('marketplace flows (§5.1–5.4)', () => {
  const genesis = () => collection('terra-genesis');
  // Account 4 is funded with USDT and Natura and holds no NFT; account 3 buys from it.
  const minter = 4;
  const buyer = 3;

  it('mints: USDT approve to the collection, then mint(tokenId, cost)', async () => {
    const run = recorder();
    const [minterDelta, collectionDelta] = await deltas(usdt, [addressOf(minter), genesis()], async () =>
      runPlan(
        await planMint(wallet(minter), { usdt, collection: genesis(), tokenId: 6n, cost: parseUsdt('25') }),
        run.options,
      ),
    );
    expect(run.confirmedSteps()).toEqual(['approve', 'mint']);
    expect(minterDelta).toBe(-25_000_000n);
    expect(collectionDelta).toBe(25_000_000n);
    expect(await getOwnerOf(provider, genesis(), 6n)).toBe(addressOf(minter));
    expect(await getUsdtAllowance(provider, usdt, addressOf(minter), genesis())).toBe(0n);
  });

  it('skips the approve when the allowance already covers the mint', async () => {
    await runTransaction(approveUsdt(wallet(minter), usdt, genesis(), parseUsdt('25')));
    const run = recorder();
    const [minterDelta] = await deltas(usdt, [addressOf(minter)], async () =>
      runPlan(
        await planMint(wallet(minter), { usdt, collection: genesis(), tokenId: 7n, cost: parseUsdt('25') }),
        run.options,
      ),
    );
    expect(run.confirmedSteps()).toEqual(['mint']);
    expect(minterDelta).toBe(-25_000_000n);
    expect(await getOwnerOf(provider, genesis(), 7n)).toBe(addressOf(minter));
  });

  let itemId: bigint;

  it('lists: NFT approve to the marketplace, createMarketItem, item id from MarketItemCreated', async () => {
    const before = await fetchMarketItems(provider, marketplace);
    const run = recorder();
    const receipt = await runPlan(
      await planListing(wallet(minter), { marketplace, nftContract: genesis(), tokenId: 6n, price: parseUsdt('40') }),
      run.options,
    );
    itemId = listedItemId(receipt, marketplace);
    expect(run.confirmedSteps()).toEqual(['approve', 'list']);
    // The seed created 8 items (ids 1–8); ids are never reused.
    expect(itemId).toBe(9n);
    expect(before.some((item) => item.itemId === itemId)).toBe(false);
    const listed = (await fetchMarketItems(provider, marketplace)).find((item) => item.itemId === itemId);
    expect(listed).toEqual({
      itemId: 9n,
      nftContract: genesis(),
      tokenId: 6n,
      seller: addressOf(minter),
      owner: '0x0000000000000000000000000000000000000000',
      price: 40_000_000n,
      sold: false,
    });
    expect(await getOwnerOf(provider, genesis(), 6n)).toBe(marketplace);
  });

  it('buys: USDT approve to the marketplace, createMarketSale; royalty, then 5 % fee on the rest, as previewed (§9.1)', async () => {
    const price = parseUsdt('40');
    const royalty = await getSaleRoyalty(provider, genesis(), 6n, price);
    expect(royalty).toEqual({ receiver: d.deployer, amount: 2_800_000n }); // 7 % ERC-2981 royalty
    const preview = marketSaleSplit(price, royalty.amount);
    // written out by hand: fee ⌊(40 − 2.8) × 5 %⌋ = 1.86, seller 40 − 2.8 − 1.86 = 35.34
    expect(preview).toEqual({ price, royalty: 2_800_000n, fee: 1_860_000n, seller: 35_340_000n });
    const run = recorder();
    const [buyerDelta, sellerDelta, feeDelta, royaltyDelta, marketDelta] = await deltas(
      usdt,
      [addressOf(buyer), addressOf(minter), d.feeCollector as Address, royalty.receiver, marketplace],
      async () =>
        runPlan(
          await planBuy(wallet(buyer), { usdt, marketplace, nftContract: genesis(), itemId, price }),
          run.options,
        ),
    );
    expect(run.confirmedSteps()).toEqual(['approve', 'buy']);
    expect(buyerDelta).toBe(-preview.price);
    expect(royaltyDelta).toBe(preview.royalty);
    expect(feeDelta).toBe(preview.fee);
    expect(sellerDelta).toBe(preview.seller);
    expect(marketDelta).toBe(0n);
    expect(await getOwnerOf(provider, genesis(), 6n)).toBe(addressOf(buyer));
    expect((await fetchMarketItems(provider, marketplace)).some((item) => item.itemId === itemId)).toBe(false);
  });

  it('releases: the seller takes a listed NFT back off the market', async () => {
    const relisted = listedItemId(
      await runPlan(
        await planListing(wallet(buyer), {
          marketplace,
          nftContract: genesis(),
          tokenId: 6n,
          price: parseUsdt('50.5'),
        }),
      ),
      marketplace,
    );
    expect(relisted).toBe(10n);
    expect(await getOwnerOf(provider, genesis(), 6n)).toBe(marketplace);

    const run = recorder();
    await runPlan(planRelease(wallet(buyer), { marketplace, itemId: relisted }), run.options);
    expect(run.confirmedSteps()).toEqual(['release']);
    expect(await getOwnerOf(provider, genesis(), 6n)).toBe(addressOf(buyer));
    // §9.1: the released item is deleted; the contract's fetchMarketItems keeps an all-zero entry in
    // its place, and the app's reader skips those entries
    const raw = (await new Contract(marketplace, MARKETPLACE_ABI, provider)
      .getFunction('fetchMarketItems')
      .staticCall()) as { itemId: bigint }[];
    expect(raw.filter((item) => item.itemId === 0n)).toHaveLength(2); // seed item 4 and this one
    const entries = await fetchMarketItems(provider, marketplace);
    expect(entries.some((item) => item.itemId === relisted)).toBe(false);
    expect(entries.some((item) => item.itemId === 0n)).toBe(false);
  });

  it('reports a would-revert with its reason before any wallet prompt (no transaction sent)', async () => {
    const run = recorder();
    const nonce = await provider.getTransactionCount(addressOf(buyer));
    const attempt = runPlan(planRelease(wallet(buyer), { marketplace, itemId: 10n }), run.options);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'reverted',
      details: { reason: 'Not an owner' },
    });
    expect(run.states.map((s) => s.status)).toEqual(['preparing', 'reverted']);
    expect(await provider.getTransactionCount(addressOf(buyer))).toBe(nonce);
  });

  it('reads a missing token owner as null', async () => {
    expect(await findOwnerOf(provider, genesis(), 49n)).toBeNull();
  });
});

describe('staking flow (§5.6, §9.2): stake → 3 days 5 hours → claim → unstake', () => {
  const staker = 4;
  const pid = 0;
  const tokenId = 7n; // minted above by account 4
  const helper = () => d.contracts.stakingHelper as Address;
  const pool = () => getRewardPool(provider, { staking, natura });

  it('stakes: NFT approve to the staking contract, then stake([pid], [tokenId])', async () => {
    const run = recorder();
    await runPlan(
      await planStake(wallet(staker), { staking, collection: collection('terra-genesis'), pid, tokenId }),
      run.options,
    );
    expect(run.confirmedSteps()).toEqual(['approve', 'stake']);
    expect(await getOwnerOf(provider, collection('terra-genesis'), tokenId)).toBe(staking);
    expect(await getUserStakedTokens(provider, helper(), pid, addressOf(staker))).toEqual([tokenId]);
    const vault = await getVaultEntry(provider, staking, pid, tokenId);
    expect(vault).toMatchObject({ tokenId, owner: addressOf(staker), initialized: true });
  });

  it("a claim after 3 days 5 hours: the claim dialog's preview equals the balance changes to the wei; 5 hours forfeited", async () => {
    const stakedAt = (await getVaultEntry(provider, staking, pid, tokenId)).timestamp;
    const claimAt = stakedAt + 3n * BigInt(DAY) + 5n * 3600n;
    // What the page shows, from what it reads: today's rate and the chain time of the claim.
    const rewardsPerDay = await getRewardsPerDay(provider, staking, pid);
    const preview = claimPreview(stakedAt, rewardsPerDay, claimAt);
    expect(preview.days).toBe(3n);
    expect(preview.forfeitedSeconds).toBe(5n * 3600n);
    expect(preview.nextWholeDayAt).toBe(stakedAt + 4n * BigInt(DAY));
    // §9.2 rate from the live price: ⌊10^18 / price⌋ × ⌊25 USDT / 365⌋
    const price = await getNaturaPrice(provider, natura);
    expect(rewardsPerDay).toBe((10n ** 18n / price) * 68_493n);
    const owner = (await pool()).owner;
    expect(rewardPoolCovers(await pool(), preview.amount)).toBe(true);
    const claimedBefore = await getTotalRewardsClaimed(provider, staking);

    await provider.send('evm_setNextBlockTimestamp', [Number(claimAt)]);
    const run = recorder();
    let claimBlock = 0;

    const [stakerDelta, ownerDelta, stakingDelta] = await deltas(
      natura,
      [addressOf(staker), owner, staking],
      async () => {
        const receipt = await runPlan(planClaim(wallet(staker), { staking, tokens: [{ pid, tokenId }] }), run.options);
        claimBlock = receipt.blockNumber;
      },
    );
    expect(run.confirmedSteps()).toEqual(['claim']);
    expect(await blockTimestamp(claimBlock)).toBe(claimAt);
    expect(stakerDelta).toBe(preview.amount);
    expect(stakerDelta).toBe(3n * rewardsPerDay);
    // Pulled from the staking owner's wallet, not the staking contract.
    expect(ownerDelta).toBe(-preview.amount);
    expect(stakingDelta).toBe(0n);
    expect((await getTotalRewardsClaimed(provider, staking)) - claimedBefore).toBe(preview.amount);
    // The count restarts at the claim block: the 5 hours are gone.
    expect((await getVaultEntry(provider, staking, pid, tokenId)).timestamp).toBe(claimAt);
  });

  it("reward pool empty: the app's check says so before any prompt; the contract would revert with the words the page maps", async () => {
    await provider.send('evm_increaseTime', [DAY]);
    await provider.send('evm_mine', []);
    const vault = await getVaultEntry(provider, staking, pid, tokenId);
    const now = BigInt((await provider.getBlock('latest'))!.timestamp);
    const due = claimPreview(vault.timestamp, await getRewardsPerDay(provider, staking, pid), now).amount;
    expect(due).toBeGreaterThan(0n);
    await drainRewardPool(anvil.url, d);
    try {
      expect(rewardPoolCovers(await pool(), due)).toBe(false);
      const error = await runPlan(planClaim(wallet(staker), { staking, tokens: [{ pid, tokenId }] })).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      const reason = (error as AppError).details.reason ?? '';
      expect(reason).toBe('ERC20: insufficient allowance');
      expect(stakingRevertKey(reason)).toBe('revert.poolEmpty');
      expect(await getOwnerOf(provider, collection('terra-genesis'), tokenId)).toBe(staking);
    } finally {
      await refillRewardPool(anvil.url, d);
    }
    expect(rewardPoolCovers(await pool(), due)).toBe(true);
  });

  it("unstakes: pays the whole day accrued since the claim at today's rate and returns the NFT", async () => {
    const vault = await getVaultEntry(provider, staking, pid, tokenId);
    const rewardsPerDay = await getRewardsPerDay(provider, staking, pid);
    const run = recorder();

    let block = 0;
    const [stakerDelta] = await deltas(natura, [addressOf(staker)], async () => {
      block = (await runPlan(planUnstake(wallet(staker), { staking, tokens: [{ pid, tokenId }] }), run.options))
        .blockNumber;
    });
    expect(run.confirmedSteps()).toEqual(['unstake']);
    expect(stakerDelta).toBe(claimPreview(vault.timestamp, rewardsPerDay, await blockTimestamp(block)).amount);
    expect(stakerDelta).toBe(rewardsPerDay);
    expect(await getOwnerOf(provider, collection('terra-genesis'), tokenId)).toBe(addressOf(staker));
    expect(await getUserStakedTokens(provider, helper(), pid, addressOf(staker))).toEqual([]);
    expect((await getVaultEntry(provider, staking, pid, tokenId)).initialized).toBe(false);
  });
});

describe('swap flows (§5.7, §9.4)', () => {
  const feeWallet = () => d.feeCollector as Address; // the swap's ownerWallet receives the USDT-side fees
  /** The pre-flight checks' context, with the translation keys as the words. */
  const checkContext = (index: number) => ({
    runner: provider,
    swap,
    tokens,
    account: addressOf(index),
    t: ((key: string) => key) as unknown as TFunction<'swap'>,
    language: 'en',
  });

  async function newestOrder(): Promise<SwapOrder> {
    const orders = await getOrders(provider, swap);
    return orders[orders.length - 1]!;
  }

  describe('tokenA = Natura (maker sells NAT for USDT)', () => {
    const maker = 4;
    const taker = 3;
    let order: SwapOrder;

    it('creates: Natura approve to the swap contract, createOrder; the id is the array position', async () => {
      const countBefore = (await getOrders(provider, swap)).length;
      const run = recorder();
      const [makerDelta, escrowDelta] = await deltas(natura, [addressOf(maker), swap], async () =>
        runPlan(
          await planCreateOrder(wallet(maker), {
            swap,
            tokens,
            tokenA: 'natura',
            amountA: parseNatura('100.5'),
            price: parseUsdt('1.234567'),
            orderType: 'sell',
          }),
          run.options,
        ),
      );
      expect(run.confirmedSteps()).toEqual(['approve', 'create-order']);
      expect(makerDelta).toBe(-100_500_000_000_000_000_000n);
      expect(escrowDelta).toBe(100_500_000_000_000_000_000n);
      order = await newestOrder();
      expect(order).toEqual({
        id: countBefore,
        owner: addressOf(maker),
        tokenA: natura,
        amountA: 100_500_000_000_000_000_000n,
        price: 1_234_567n,
        orderType: 'sell',
        status: ORDER_STATUS.open,
      });
      expect(await getOrderById(provider, swap, order.id)).toEqual(order);
    });

    it('edits up: approves only the difference, then updateOrder', async () => {
      const run = recorder();
      const [makerDelta] = await deltas(natura, [addressOf(maker)], async () =>
        runPlan(
          await planUpdateOrder(wallet(maker), {
            swap,
            tokens,
            order,
            amountA: parseNatura('120.25'),
            price: parseUsdt('1.3'),
          }),
          run.options,
        ),
      );
      expect(run.confirmedSteps()).toEqual(['approve', 'update-order']);
      expect(makerDelta).toBe(-19_750_000_000_000_000_000n);
      order = await getOrderById(provider, swap, order.id);
      expect(order).toMatchObject({ amountA: 120_250_000_000_000_000_000n, price: 1_300_000n, status: 1 });
    });

    it('edits down: no approve, the excess is refunded, a blank price keeps the current one', async () => {
      const run = recorder();
      const [makerDelta] = await deltas(natura, [addressOf(maker)], async () =>
        runPlan(
          await planUpdateOrder(wallet(maker), { swap, tokens, order, amountA: parseNatura('80.000000000000000001') }),
          run.options,
        ),
      );
      expect(run.confirmedSteps()).toEqual(['update-order']);
      expect(makerDelta).toBe(40_249_999_999_999_999_999n);
      order = await getOrderById(provider, swap, order.id);
      expect(order).toMatchObject({ amountA: 80_000_000_000_000_000_001n, price: 1_300_000n, status: 1 });
    });

    it('trades a fractional order through the app plan: P = 1.3 × 80 whole NAT; every preview equals the real balance change', async () => {
      // 80.000000000000000001 NAT × 1.3 USDT: only the 80 whole NAT are charged (§9.4).
      const preview = fillAmounts(order, 'natura');
      expect(preview).toEqual({
        takerPays: 104_000_000n,
        makerReceives: 99_840_000n, // 104 − 3.12 − 1.04
        takerReceives: 76_800_000_000_000_000_001n, // amountA − ⌊4 %⌋
        burned: 3_200_000_000_000_000_000n,
        ownerWalletFee: 4_160_000n,
      });
      const run = recorder();
      let natDeltas: bigint[] = [];
      const usdtDeltas = await deltas(usdt, [addressOf(taker), addressOf(maker), feeWallet(), swap], async () => {
        natDeltas = await deltas(natura, [addressOf(taker), addressOf(maker), DEAD, swap], async () =>
          runPlan(await planTakeOrder(wallet(taker), { swap, tokens, order }), run.options),
        );
      });
      expect(run.confirmedSteps()).toEqual(['approve', 'trade']);
      expect(usdtDeltas).toEqual([-preview.takerPays, preview.makerReceives, preview.ownerWalletFee, 0n]);
      expect(natDeltas).toEqual([preview.takerReceives, 0n, preview.burned, -order.amountA]);
      expect(await getUsdtAllowance(provider, usdt, addressOf(taker), swap)).toBe(0n);
      expect((await getOrderById(provider, swap, order.id)).status).toBe(ORDER_STATUS.filled);
    });

    it('trades a whole order through the app plan: every preview equals the real balance change', async () => {
      await runPlan(
        await planCreateOrder(wallet(maker), {
          swap,
          tokens,
          tokenA: 'natura',
          amountA: parseNatura('50'),
          price: parseUsdt('1.234567'),
          orderType: 'sell',
        }),
      );
      const whole = await newestOrder();
      const preview = fillAmounts(whole, 'natura');
      expect(preview).toEqual({
        takerPays: 61_728_350n,
        makerReceives: 59_259_217n,
        takerReceives: 48_000_000_000_000_000_000n,
        burned: 2_000_000_000_000_000_000n,
        ownerWalletFee: 2_469_133n,
      });
      let natDeltas: bigint[] = [];
      const usdtDeltas = await deltas(usdt, [addressOf(taker), addressOf(maker), feeWallet(), swap], async () => {
        natDeltas = await deltas(natura, [addressOf(taker), addressOf(maker), DEAD, swap], async () =>
          runPlan(await planTakeOrder(wallet(taker), { swap, tokens, order: whole })),
        );
      });
      expect(usdtDeltas).toEqual([-preview.takerPays, preview.makerReceives, preview.ownerWalletFee, 0n]);
      expect(natDeltas).toEqual([preview.takerReceives, 0n, preview.burned, -whole.amountA]);
    });

    it('a larger leftover allowance is lowered to exactly P first, so a price raised after the approval cannot be pulled', async () => {
      await runPlan(
        await planCreateOrder(wallet(maker), {
          swap,
          tokens,
          tokenA: 'natura',
          amountA: parseNatura('10'),
          price: parseUsdt('1'),
          orderType: 'sell',
        }),
      );
      const target = await newestOrder();
      await runTransaction(approveUsdt(wallet(taker), usdt, swap, parseUsdt('1000')));
      expect(await tradeApproval(provider, { swap, tokens, order: target, account: addressOf(taker) })).toEqual({
        token: 'usdt',
        current: parseUsdt('1000'),
        cost: parseUsdt('10'),
        kind: 'lower',
      });
      const plan = await planTakeOrder(wallet(taker), { swap, tokens, order: target });
      expect(plan.map((write) => write.step)).toEqual(['approve', 'trade']);
      await runTransaction(plan[0]!);
      expect(await getUsdtAllowance(provider, usdt, addressOf(taker), swap)).toBe(parseUsdt('10'));
      // The maker raises the price between the approval and the trade.
      await runPlan(await planUpdateOrder(wallet(maker), { swap, tokens, order: target, price: parseUsdt('50') }));
      const [takerDelta] = await deltas(usdt, [addressOf(taker)], async () => {
        await expect(runTransaction(plan[1]!)).rejects.toMatchObject({
          kind: 'reverted',
          details: { reason: 'ERC20: insufficient allowance' },
        });
      });
      expect(takerDelta).toBe(0n);
      // And the app's own check, run right before the trade is signed, names the change.
      expect(await checkTrade(checkContext(taker), target)).toBe('problem.changed');
    });

    it('cancels: the escrow goes back to the maker', async () => {
      await runPlan(
        await planCreateOrder(wallet(maker), {
          swap,
          tokens,
          tokenA: 'natura',
          amountA: parseNatura('7.77'),
          price: parseUsdt('2'),
          orderType: 'sell',
        }),
      );
      const toCancel = await newestOrder();
      const run = recorder();
      const [makerDelta, escrowDelta] = await deltas(natura, [addressOf(maker), swap], async () =>
        runPlan(await planCancelOrder(wallet(maker), { swap, orderId: toCancel.id }), run.options),
      );
      expect(run.confirmedSteps()).toEqual(['cancel-order']);
      expect(makerDelta).toBe(7_770_000_000_000_000_000n);
      expect(escrowDelta).toBe(-7_770_000_000_000_000_000n);
      expect((await getOrderById(provider, swap, toCancel.id)).status).toBe(ORDER_STATUS.cancelled);

      // The contract would refund a second cancel out of other makers' escrow (§9.4): the app's
      // check, read on chain right before the prompt, refuses it.
      expect(await checkCancel(checkContext(maker), toCancel)).toEqual({ ok: false, alreadyCancelled: true });
    });
  });

  describe('tokenA = USDT (maker pays USDT for NAT)', () => {
    const maker = 2;
    const taker = 1;
    let order: SwapOrder;

    it('creates: USDT approve to the swap contract, createOrder with an 18-decimal price', async () => {
      const run = recorder();
      const [makerDelta, escrowDelta] = await deltas(usdt, [addressOf(maker), swap], async () =>
        runPlan(
          await planCreateOrder(wallet(maker), {
            swap,
            tokens,
            tokenA: 'usdt',
            amountA: parseUsdt('250.5'),
            price: parseNatura('0.8'),
            orderType: 'buy',
          }),
          run.options,
        ),
      );
      expect(run.confirmedSteps()).toEqual(['approve', 'create-order']);
      expect(makerDelta).toBe(-250_500_000n);
      expect(escrowDelta).toBe(250_500_000n);
      order = await newestOrder();
      expect(order).toMatchObject({
        owner: addressOf(maker),
        tokenA: usdt,
        amountA: 250_500_000n,
        price: 800_000_000_000_000_000n,
        orderType: 'buy',
        status: ORDER_STATUS.open,
      });
    });

    it('edits up then down, approving only increases', async () => {
      const up = recorder();
      const [upDelta] = await deltas(usdt, [addressOf(maker)], async () =>
        runPlan(
          await planUpdateOrder(wallet(maker), { swap, tokens, order, amountA: parseUsdt('300.000001') }),
          up.options,
        ),
      );
      expect(up.confirmedSteps()).toEqual(['approve', 'update-order']);
      expect(upDelta).toBe(-49_500_001n);
      order = await getOrderById(provider, swap, order.id);

      const down = recorder();
      const [downDelta] = await deltas(usdt, [addressOf(maker)], async () =>
        runPlan(
          await planUpdateOrder(wallet(maker), {
            swap,
            tokens,
            order,
            amountA: parseUsdt('200.000001'),
            price: parseNatura('0.333333333333333333'),
          }),
          down.options,
        ),
      );
      expect(down.confirmedSteps()).toEqual(['update-order']);
      expect(downDelta).toBe(100_000_000n);
      order = await getOrderById(provider, swap, order.id);
      expect(order).toMatchObject({ amountA: 200_000_001n, price: 333_333_333_333_333_333n, status: 1 });
    });

    it('trades a fractional order through the app plan: P = 0.333… × 200 whole USDT; every preview equals the real balance change', async () => {
      // 200.000001 USDT × 0.333333333333333333 NAT: only the 200 whole USDT are charged (§9.4).
      const preview = fillAmounts(order, 'usdt');
      expect(preview).toEqual({
        takerPays: 66_666_666_666_666_666_600n,
        makerReceives: 63_999_999_999_999_999_936n, // P − ⌊4 % P⌋
        takerReceives: 192_000_001n, // amountA − ⌊3 %⌋ − ⌊1 %⌋
        burned: 2_666_666_666_666_666_664n,
        ownerWalletFee: 8_000_000n,
      });
      const run = recorder();
      let usdtDeltas: bigint[] = [];
      const natDeltas = await deltas(natura, [addressOf(taker), addressOf(maker), DEAD, swap], async () => {
        usdtDeltas = await deltas(usdt, [addressOf(taker), addressOf(maker), feeWallet(), swap], async () =>
          runPlan(await planTakeOrder(wallet(taker), { swap, tokens, order }), run.options),
        );
      });
      expect(run.confirmedSteps()).toEqual(['approve', 'trade']);
      expect(natDeltas).toEqual([-preview.takerPays, preview.makerReceives, preview.burned, 0n]);
      expect(usdtDeltas).toEqual([preview.takerReceives, 0n, preview.ownerWalletFee, -order.amountA]);
      expect((await getOrderById(provider, swap, order.id)).status).toBe(ORDER_STATUS.filled);
    });

    it('trades a whole order through the app plan: every preview equals the real balance change', async () => {
      await runPlan(
        await planCreateOrder(wallet(maker), {
          swap,
          tokens,
          tokenA: 'usdt',
          amountA: parseUsdt('40'),
          price: parseNatura('0.777777777777777777'),
          orderType: 'buy',
        }),
      );
      const whole = await newestOrder();
      const preview = fillAmounts(whole, 'usdt');
      expect(preview).toEqual({
        takerPays: 31_111_111_111_111_111_080n,
        makerReceives: 29_866_666_666_666_666_637n,
        takerReceives: 38_400_000n,
        burned: 1_244_444_444_444_444_443n,
        ownerWalletFee: 1_600_000n,
      });
      let usdtDeltas: bigint[] = [];
      const natDeltas = await deltas(natura, [addressOf(taker), addressOf(maker), DEAD, swap], async () => {
        usdtDeltas = await deltas(usdt, [addressOf(taker), addressOf(maker), feeWallet(), swap], async () =>
          runPlan(await planTakeOrder(wallet(taker), { swap, tokens, order: whole })),
        );
      });
      expect(natDeltas).toEqual([-preview.takerPays, preview.makerReceives, preview.burned, 0n]);
      expect(usdtDeltas).toEqual([preview.takerReceives, 0n, preview.ownerWalletFee, -whole.amountA]);
    });

    it('cancels: the USDT escrow goes back to the maker', async () => {
      await runPlan(
        await planCreateOrder(wallet(maker), {
          swap,
          tokens,
          tokenA: 'usdt',
          amountA: parseUsdt('12.345678'),
          price: parseNatura('1.25'),
          orderType: 'buy',
        }),
      );
      const toCancel = await newestOrder();
      const [makerDelta, escrowDelta] = await deltas(usdt, [addressOf(maker), swap], async () =>
        runPlan(await planCancelOrder(wallet(maker), { swap, orderId: toCancel.id })),
      );
      expect(makerDelta).toBe(12_345_678n);
      expect(escrowDelta).toBe(-12_345_678n);
      expect((await getOrderById(provider, swap, toCancel.id)).status).toBe(ORDER_STATUS.cancelled);
    });
  });

  it('a node whose eth_call gas cap is below the whole book: the same book, one order at a time', async () => {
    const whole = await getOrders(provider, swap);
    expect(whole.length).toBeGreaterThan(3);
    expect(new Set(whole.map((order) => order.status))).toEqual(new Set([0, 1, 2]));
    expect(await getOrdersOneByOne(provider, swap)).toEqual(whole);

    // anvil's real answer to a getOrders() call offered too little gas, as a capped node gives it.
    const getOrdersData = new Interface(SWAP_ABI).encodeFunctionData('getOrders');
    const tooLittle = (tx: TransactionRequest) => (tx.data === getOrdersData ? { ...tx, gasLimit: 40_000n } : tx);
    await expect(provider.call(tooLittle({ to: swap, data: getOrdersData }))).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
    });
    const capped = { provider, call: (tx: TransactionRequest) => provider.call(tooLittle(tx)) };
    expect(await getOrders(capped as unknown as ContractRunner, swap)).toEqual(whole);
  });
});
