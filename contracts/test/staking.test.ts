/** TerraStaking + helper: pools, stake / claim / unstake, whole-day rewards to the wei, owner checks. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from 'ethers';
import {
  DAY,
  account,
  addr,
  balance,
  blockTimestamp,
  deploy,
  events,
  expectRevert,
  increaseTime,
  nat,
  read,
  revert,
  send,
  setNextTimestamp,
  snapshot,
  startChain,
  usdt,
  type Chain,
} from './helpers.ts';

/**
 * Natura's price inputs (§9.3): gold 1,250,000 USD over 1 % of the 100 M supply (1,000,000 NAT)
 * and nothing else, so price = 1,250,000 + staked NFT value in whole USD (USDT base units per NAT)
 * until a whole NAT of rewards has been claimed.
 */
const GOLD = 1_250_000n;
const CIRCULATION_BPS = 100n;
const POOL_COST = [usdt(10n), usdt(20n), usdt(30n), usdt(40n)];
/** Pool 3 covers ids 1–3 only, so its token 4 can be staked but lies above the helper's scan. */
const POOL_SUPPLY = [50, 50, 50, 3];
const ALLOWANCE = nat(10_000_000n);

let chain: Chain;
let natura: Contract;
let staking: Contract;
let helper: Contract;
let stakingAddress: string;
const pools: Contract[] = [];
let snap: string;

beforeAll(async () => {
  chain = await startChain();
  const owner = account(chain, 0);
  const usdtToken = await deploy(chain, 'TestUSDT', []);
  natura = await deploy(chain, 'Natura', []);
  staking = await deploy(chain, 'TerraStaking', [await addr(natura)]);
  stakingAddress = await addr(staking);
  helper = await deploy(chain, 'TerraStakingHelper', [stakingAddress]);
  await send(natura, owner, 'setTerraStaking', stakingAddress);
  await send(natura, owner, '_setGoldReserves', GOLD);
  await send(natura, owner, '_setNaturaCirculationPercentage', CIRCULATION_BPS);
  for (let pid = 0; pid < 4; pid++) {
    const nft = await deploy(chain, 'TerraNFT', [await addr(usdtToken), 'http://x/', '', 0, '']);
    await send(nft, owner, 'setCost', 0n);
    pools.push(nft);
    await send(staking, owner, 'add', await addr(nft), POOL_COST[pid], POOL_SUPPLY[pid]);
  }
  // Rewards are pulled from the owner's wallet (§9.2): it approves the staking contract.
  await send(natura, owner, 'approve', stakingAddress, ALLOWANCE);
  // a1 owns tokens 1–3 of every pool, a2 owns token 4 of every pool.
  for (const nft of pools) {
    for (const [holder, ids] of [
      [1, [1, 2, 3]],
      [2, [4]],
    ] as const) {
      const w = account(chain, holder);
      for (const tokenId of ids) await send(nft, w, 'mint', tokenId, 0n);
      await send(nft, w, 'setApprovalForAll', stakingAddress, true);
    }
  }
});
afterAll(async () => chain.stop());
beforeEach(async () => {
  snap = await snapshot(chain);
});
afterEach(async () => revert(chain, snap));

function pool(pid: number): Contract {
  const p = pools[pid];
  if (!p) throw new Error(`no pool ${pid}`);
  return p;
}
/** §9.2 from the chain's own inputs: ⌊10^18 / getNaturaPrice()⌋ × ⌊pool cost / 365⌋. */
async function rateNow(pid: number): Promise<bigint> {
  const price = await read<bigint>(natura, 'getNaturaPrice');
  return (10n ** 18n / price) * ((POOL_COST[pid] ?? 0n) / 365n);
}

async function vault(pid: number, tokenId: number) {
  const [id, owner, initialized, timestamp] = await read<[bigint, string, boolean, bigint]>(
    staking,
    'vault',
    pid,
    tokenId,
  );
  return { tokenId: id, owner, initialized, timestamp };
}

describe('pools', () => {
  it('poolLength, poolInfo and owner-only admin', async () => {
    expect(await read(staking, 'poolLength')).toBe(4n);
    const [nftAddress, cost, totalSupply] = await read<[string, bigint, bigint]>(staking, 'poolInfo', 2);
    expect([nftAddress, cost, totalSupply]).toEqual([await addr(pool(2)), usdt(30n), 50n]);
    await expectRevert(read(staking, 'getRewardsPerDay', 4), 'Staking: invalid pool');
    await send(staking, account(chain, 0), 'set', 2, usdt(99n));
    expect((await read<[string, bigint, bigint]>(staking, 'poolInfo', 2))[1]).toBe(usdt(99n));
    const a1 = account(chain, 1);
    await expectRevert(send(staking, a1, 'set', 0, 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(send(staking, a1, 'add', a1.address, 1n, 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(
      send(staking, account(chain, 0), 'add', await addr(pool(0)), 1n, 1n),
      'Staking: pool already exists',
    );
    expect(await read(helper, 'staking')).toBe(stakingAddress);
  });

  it('getRewardsPerDay = ⌊10^18 / Natura price⌋ × ⌊pool cost / 365⌋, recomputed from the live price and cost', async () => {
    const owner = account(chain, 0);
    // price 1,250,000 (1.25 USDT per NAT): ⌊10^18 / 1,250,000⌋ = 800,000,000,000; ⌊40 USDT / 365⌋ = 109,589
    expect(await read(natura, 'getNaturaPrice')).toBe(1_250_000n);
    expect(await read(staking, 'getRewardsPerDay', 3)).toBe(800_000_000_000n * 109_589n);
    // ⌊10 USDT / 365⌋ = 27,397
    expect(await read(staking, 'getRewardsPerDay', 0)).toBe(800_000_000_000n * 27_397n);
    // The admin tool moves the price: gold 2,500,000 → price 2,500,000 → ⌊10^18 / 2,500,000⌋ = 400,000,000,000.
    await send(natura, owner, '_setGoldReserves', 2_500_000n);
    expect(await read(staking, 'getRewardsPerDay', 3)).toBe(400_000_000_000n * 109_589n);
    await send(staking, owner, 'set', 3, usdt(73n)); // ⌊73 USDT / 365⌋ = 200,000
    expect(await read(staking, 'getRewardsPerDay', 3)).toBe(400_000_000_000n * 200_000n);
    // A staked NFT adds its pool cost to totNftPrice, hence to the price: 2,500,000 + 73 USD.
    await send(staking, account(chain, 1), 'stake', [3], [1]);
    expect(await read(natura, 'getNaturaPrice')).toBe(2_500_073n);
    expect(await read(staking, 'getRewardsPerDay', 3)).toBe((10n ** 18n / 2_500_073n) * 200_000n);
  });
});

describe('stake', () => {
  it('escrows the NFTs, fills the vault and emits NFTStaked(nft, owner, tokenId, timestamp)', async () => {
    const a1 = account(chain, 1);
    const receipt = await send(staking, a1, 'stake', [0, 3], [1, 2]);
    const ts = await blockTimestamp(chain, receipt);
    expect(await read(pool(0), 'ownerOf', 1)).toBe(stakingAddress);
    expect(await read(pool(3), 'ownerOf', 2)).toBe(stakingAddress);
    expect(await vault(0, 1)).toEqual({ tokenId: 1n, owner: a1.address, initialized: true, timestamp: BigInt(ts) });
    expect(await vault(3, 2)).toEqual({ tokenId: 2n, owner: a1.address, initialized: true, timestamp: BigInt(ts) });
    expect(await vault(3, 1)).toEqual({
      tokenId: 0n,
      owner: '0x0000000000000000000000000000000000000000',
      initialized: false,
      timestamp: 0n,
    });
    const staked = events(staking, receipt, 'NFTStaked').map((e) => [...e.args]);
    expect(staked).toEqual([
      [await addr(pool(0)), a1.address, 1n, BigInt(ts)],
      [await addr(pool(3)), a1.address, 2n, BigInt(ts)],
    ]);
    expect(await read(helper, 'getUserStakedTokens', 0, a1.address)).toEqual([1n]);
    expect(await read(helper, 'getUserStakedTokens', 3, a1.address)).toEqual([2n]);
    expect(await read(helper, 'getUserStakedTokens', 1, a1.address)).toEqual([]);
    expect(await read(helper, 'balanceOf', 3, a1.address)).toBe(1n);
    expect(await read(staking, 'totalbalanceOf', a1.address)).toEqual([1n, 0n, 0n, 1n]);
    expect(await read(staking, 'totalStaked')).toBe(2n);
    expect(await read(staking, 'totNftPrice')).toBe(usdt(10n) + usdt(40n));
  });

  it('reverts for a token the caller does not own, without approval, bad pool or mismatched arrays', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await expectRevert(send(staking, a2, 'stake', [0], [1]), 'Staking: caller is not the token owner');
    await send(pool(0), a1, 'setApprovalForAll', stakingAddress, false);
    await expectRevert(send(staking, a1, 'stake', [0], [1]), 'Staking: staking contract not approved for token');
    await send(pool(0), a1, 'approve', stakingAddress, 1);
    await send(staking, a1, 'stake', [0], [1]);
    await expectRevert(send(staking, a1, 'stake', [0], [1]), 'Staking: caller is not the token owner');
    await expectRevert(send(staking, a1, 'stake', [4], [1]), 'Staking: invalid pool');
    await expectRevert(send(staking, a1, 'stake', [0, 1], [2]), 'Staking: pids and tokenIds length mismatch');
    await expectRevert(send(staking, a1, 'stake', [], []), 'Staking: no tokens given');
  });

  it('takes uint24 token ids only: 2^24 cannot even be encoded', async () => {
    const a1 = account(chain, 1);
    await expect(send(staking, a1, 'stake', [0], [1n << 24n])).rejects.toThrow(/value out-of-bounds|overflow/);
    expect(await read(staking, 'totalStaked')).toBe(0n);
  });
});

describe('rewards (§9.2)', () => {
  it.each([
    ['1 day', 1 * DAY, 1n],
    ['2.5 days', 2.5 * DAY, 2n],
    ['30 days', 30 * DAY, 30n],
  ])(
    'after %s claimRewards pays whole days × the rate at the claim, to the wei, pulled from the owner',
    async (_l, seconds, days) => {
      const [owner, a1] = [account(chain, 0), account(chain, 1)];
      await send(staking, a1, 'stake', [0, 2], [1, 1]);
      await increaseTime(chain, seconds);
      const expected = days * (await rateNow(0)) + days * (await rateNow(2));
      const [before, ownerBefore] = [await balance(natura, a1.address), await balance(natura, owner.address)];
      const receipt = await send(staking, a1, 'claimRewards', [0, 2], [1, 1]);
      expect((await balance(natura, a1.address)) - before).toBe(expected);
      expect(ownerBefore - (await balance(natura, owner.address))).toBe(expected);
      expect(await read(natura, 'allowance', owner.address, stakingAddress)).toBe(ALLOWANCE - expected);
      expect(await balance(natura, stakingAddress)).toBe(0n);
      expect(await read(staking, 'totalRewardsClaimed')).toBe(expected);
      expect(events(staking, receipt, 'Claimed').map((e) => [...e.args])).toEqual([[a1.address, expected]]);
      expect(await read(pool(0), 'ownerOf', 1)).toBe(stakingAddress);
    },
  );

  it('a claim after 3 days 5 hours pays 3 days, forfeits the 5 hours and restarts at the claim block', async () => {
    const a1 = account(chain, 1);
    const t0 = await blockTimestamp(chain, await send(staking, a1, 'stake', [0], [1]));
    // price = 1,250,000 + 10 USD staked = 1,250,010; ⌊10^18 / 1,250,010⌋ = 799,993,600,051; ⌊10 USDT / 365⌋ = 27,397
    expect(await read(staking, 'getRewardsPerDay', 0)).toBe(21_917_424_660_597_247n);
    await setNextTimestamp(chain, t0 + 3 * DAY + 5 * 3600);
    const before = await balance(natura, a1.address);
    const receipt = await send(staking, a1, 'claimRewards', [0], [1]);
    const claimedAt = await blockTimestamp(chain, receipt);
    expect(claimedAt).toBe(t0 + 3 * DAY + 5 * 3600);
    expect((await balance(natura, a1.address)) - before).toBe(3n * 21_917_424_660_597_247n);
    expect((await vault(0, 1)).timestamp).toBe(BigInt(claimedAt));
    expect(await read(staking, 'pendingRewards', 0, 1)).toBe(0n);
    // The forfeited 5 hours never come back: the next whole day is a full day after the claim.
    await setNextTimestamp(chain, claimedAt + DAY - 1);
    await send(staking, a1, 'claimRewards', [0], [1]);
    expect(await read(staking, 'totalRewardsClaimed')).toBe(3n * 21_917_424_660_597_247n);
    expect((await vault(0, 1)).timestamp).toBe(BigInt(claimedAt + DAY - 1));
  });

  it('pays at the rate of the claim, not of the stake: a price move changes every day already accrued', async () => {
    const [owner, a1] = [account(chain, 0), account(chain, 1)];
    await send(staking, a1, 'stake', [3], [1]);
    const atStake = await rateNow(3);
    await increaseTime(chain, 2 * DAY);
    await send(natura, owner, '_setGoldReserves', GOLD * 2n);
    const atClaim = await rateNow(3);
    expect(atClaim).toBeLessThan(atStake);
    const before = await balance(natura, a1.address);
    await send(staking, a1, 'claimRewards', [3], [1]);
    expect((await balance(natura, a1.address)) - before).toBe(2n * atClaim);
  });

  it('rewards claimed raise the circulating Natura, lowering the price and so the next rate', async () => {
    const [owner, a1] = [account(chain, 0), account(chain, 1)];
    await send(staking, owner, 'set', 3, usdt(36_500_000n)); // 100,000 USDT a day at the pool cost
    await send(staking, a1, 'stake', [3], [1]);
    const priceBefore = await read<bigint>(natura, 'getNaturaPrice');
    await increaseTime(chain, DAY);
    await send(staking, a1, 'claimRewards', [3], [1]);
    const claimed = await read<bigint>(staking, 'totalRewardsClaimed');
    expect(claimed).toBeGreaterThan(nat(1n));
    // (1,250,000 + 36,500,000 staked USD) × 10^6 ÷ (1,000,000 + ⌊claimed NAT⌋)
    expect(priceBefore).toBe((37_750_000n * 10n ** 6n) / 1_000_000n);
    expect(await read(natura, 'getNaturaPrice')).toBe((37_750_000n * 10n ** 6n) / (1_000_000n + claimed / 10n ** 18n));
  });

  it('only the staker may claim or unstake', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await send(staking, a1, 'stake', [0], [1]);
    await increaseTime(chain, 3 * DAY);
    await expectRevert(send(staking, a2, 'claimRewards', [0], [1]), 'Staking: caller is not the staker');
    await expectRevert(send(staking, a2, '_unstakeMany', [0], [1]), 'Staking: caller is not the staker');
    await expectRevert(send(staking, a1, 'claimRewards', [0], [2]), 'Staking: token is not staked');
    await expectRevert(send(staking, a1, 'claimRewards', [9], [1]), 'Staking: invalid pool');
  });

  it("claim and unstake both revert when the owner's allowance or balance is short; the NFT stays staked", async () => {
    const [owner, a1, parking] = [account(chain, 0), account(chain, 1), account(chain, 8)];
    const t0 = await blockTimestamp(chain, await send(staking, a1, 'stake', [0], [1]));
    await increaseTime(chain, 2 * DAY);
    const due = 2n * (await rateNow(0));

    await send(natura, owner, 'approve', stakingAddress, due - 1n);
    await expectRevert(send(staking, a1, 'claimRewards', [0], [1]), 'ERC20: insufficient allowance');
    await expectRevert(send(staking, a1, '_unstakeMany', [0], [1]), 'ERC20: insufficient allowance');

    await send(natura, owner, 'approve', stakingAddress, ALLOWANCE);
    const kept = due - 1n;
    await send(natura, owner, 'transfer', parking.address, (await balance(natura, owner.address)) - kept);
    await expectRevert(send(staking, a1, 'claimRewards', [0], [1]), 'ERC20: transfer amount exceeds balance');
    await expectRevert(send(staking, a1, '_unstakeMany', [0], [1]), 'ERC20: transfer amount exceeds balance');
    expect(await read(pool(0), 'ownerOf', 1)).toBe(stakingAddress);
    expect((await vault(0, 1)).timestamp).toBe(BigInt(t0));

    // Topped up, the same claim goes through.
    await send(natura, parking, 'transfer', owner.address, nat(1n));
    const before = await balance(natura, a1.address);
    await send(staking, a1, 'claimRewards', [0], [1]);
    expect((await balance(natura, a1.address)) - before).toBe(due);
  });
});

describe('_unstakeMany', () => {
  it('returns the NFTs, pays what is due and clears the vault and helper lists', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await send(staking, a1, 'stake', [1, 1, 1], [1, 2, 3]);
    await send(staking, a2, 'stake', [1], [4]);
    await increaseTime(chain, 30 * DAY + 100);
    const expected = 2n * 30n * (await rateNow(1));
    const before = await balance(natura, a1.address);
    const receipt = await send(staking, a1, '_unstakeMany', [1, 1], [1, 3]);
    expect((await balance(natura, a1.address)) - before).toBe(expected);
    expect(await read(pool(1), 'ownerOf', 1)).toBe(a1.address);
    expect(await read(pool(1), 'ownerOf', 3)).toBe(a1.address);
    expect((await vault(1, 1)).initialized).toBe(false);
    expect(await read(helper, 'getUserStakedTokens', 1, a1.address)).toEqual([2n]);
    expect(await read(helper, 'getUserStakedTokens', 1, a2.address)).toEqual([4n]);
    expect(await read(staking, 'totalStaked')).toBe(2n);
    const unstaked = events(staking, receipt, 'NFTUnstaked').map((e) => [e.args[0], e.args[1], e.args[2]]);
    expect(unstaked).toEqual([
      [await addr(pool(1)), a1.address, 1n],
      [await addr(pool(1)), a1.address, 3n],
    ]);
    expect(events(staking, receipt, 'Claimed').map((e) => [...e.args])).toEqual([[a1.address, expected]]);
    await expectRevert(send(staking, a1, '_unstakeMany', [1], [1]), 'Staking: token is not staked');
    // the returned token can be staked again, restarting its accrual
    await send(staking, a1, 'stake', [1], [1]);
    expect(await read(helper, 'getUserStakedTokens', 1, a1.address)).toEqual([1n, 2n]);
  });

  it('unstaking before a full day pays nothing and emits no Claimed', async () => {
    const a2 = account(chain, 2);
    await send(staking, a2, 'stake', [0], [4]);
    const receipt = await send(staking, a2, '_unstakeMany', [0], [4]);
    expect(events(staking, receipt, 'Claimed')).toHaveLength(0);
    expect(await read(staking, 'totalRewardsClaimed')).toBe(0n);
    expect(await read(pool(0), 'ownerOf', 4)).toBe(a2.address);
  });
});

describe('helper getUserStakedTokens (§9.2)', () => {
  it('scans ids 1 … poolInfo.totalSupply in order: a staked id above totalSupply is never returned', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await send(staking, a1, 'stake', [3, 3], [3, 1]);
    await send(staking, a2, 'stake', [3], [4]); // pool 3's totalSupply is 3
    expect(await read(helper, 'getUserStakedTokens', 3, a1.address)).toEqual([1n, 3n]);
    expect(await read(helper, 'getUserStakedTokens', 3, a2.address)).toEqual([]);
    // The staking contract itself knows the token is staked (and the vault read finds it).
    expect(await read(staking, 'getUserStakedTokens', 3, a2.address)).toEqual([4n]);
    expect((await vault(3, 4)).owner).toBe(a2.address);
  });

  it('costs one external vault read per id of the pool, staked or not (≈ 8,000 gas each)', async () => {
    const a1 = account(chain, 1);
    const gas = async (pid: number) =>
      chain.provider.estimateGas({
        to: await addr(helper),
        data: helper.interface.encodeFunctionData('getUserStakedTokens', [pid, a1.address]),
      });
    const perId = ((await gas(0)) - (await gas(3))) / 47n; // 50 ids against 3
    expect(perId).toBeGreaterThan(5_000n);
    expect(perId).toBeLessThan(10_000n);
  });
});
