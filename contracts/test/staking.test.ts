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

const RPD = [nat(10n), nat(15n), 5_000_000_000_000_000_001n, nat(25n)]; // pid 2 has an odd wei amount

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
  for (let pid = 0; pid < 4; pid++) {
    const nft = await deploy(chain, 'TerraNFT', [await addr(usdtToken), 'http://x/', '', 0, '']);
    await send(nft, owner, 'setCost', 0n);
    pools.push(nft);
    await send(staking, owner, 'add', await addr(nft), usdt(BigInt(10 * (pid + 1))), 50);
    await send(staking, owner, 'setRewardsPerDay', pid, RPD[pid]);
  }
  await send(natura, owner, 'transfer', stakingAddress, nat(1_000_000n));
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
const rpd = (pid: number): bigint => RPD[pid] ?? 0n;

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
  it('poolLength, poolInfo, getRewardsPerDay and owner-only admin', async () => {
    expect(await read(staking, 'poolLength')).toBe(4n);
    const [nftAddress, cost, totalSupply] = await read<[string, bigint, bigint]>(staking, 'poolInfo', 2);
    expect([nftAddress, cost, totalSupply]).toEqual([await addr(pool(2)), usdt(30n), 50n]);
    expect(await read(staking, 'getRewardsPerDay', 2)).toBe(5_000_000_000_000_000_001n);
    await expectRevert(read(staking, 'getRewardsPerDay', 4), 'Staking: invalid pool');
    await send(staking, account(chain, 0), 'set', 2, usdt(99n));
    expect((await read<[string, bigint, bigint]>(staking, 'poolInfo', 2))[1]).toBe(usdt(99n));
    const a1 = account(chain, 1);
    await expectRevert(send(staking, a1, 'set', 0, 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(send(staking, a1, 'add', a1.address, 1n, 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(send(staking, a1, 'setRewardsPerDay', 0, 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(
      send(staking, account(chain, 0), 'add', await addr(pool(0)), 1n, 1n),
      'Staking: pool already exists',
    );
    expect(await read(helper, 'staking')).toBe(stakingAddress);
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
});

describe('rewards', () => {
  it.each([
    ['1 day', 1 * DAY, 1n],
    ['2.5 days', 2.5 * DAY, 2n],
    ['30 days', 30 * DAY, 30n],
  ])('after %s claimRewards pays whole days × rewards per day, to the wei', async (_label, seconds, days) => {
    const a1 = account(chain, 1);
    await send(staking, a1, 'stake', [0, 2], [1, 1]);
    await increaseTime(chain, seconds);
    const before = await balance(natura, a1.address);
    const receipt = await send(staking, a1, 'claimRewards', [0, 2], [1, 1]);
    const expected = days * rpd(0) + days * rpd(2);
    expect((await balance(natura, a1.address)) - before).toBe(expected);
    expect(await read(staking, 'totalRewardsClaimed')).toBe(expected);
    expect(events(staking, receipt, 'Claimed').map((e) => [...e.args])).toEqual([[a1.address, expected]]);
    expect(await read(pool(0), 'ownerOf', 1)).toBe(stakingAddress);
  });

  it('pays nothing before a full day (boundary at exactly 86,400 s)', async () => {
    const a1 = account(chain, 1);
    const receipt = await send(staking, a1, 'stake', [1], [1]);
    const t0 = await blockTimestamp(chain, receipt);
    await setNextTimestamp(chain, t0 + DAY - 1);
    await send(staking, a1, 'claimRewards', [1], [1]);
    expect(await read(staking, 'totalRewardsClaimed')).toBe(0n);
    expect((await vault(1, 1)).timestamp).toBe(BigInt(t0));
    await setNextTimestamp(chain, t0 + DAY);
    await send(staking, a1, 'claimRewards', [1], [1]);
    expect(await read(staking, 'totalRewardsClaimed')).toBe(rpd(1));
  });

  it('claiming moves the accrual point by the whole days paid, keeping the partial day', async () => {
    const a1 = account(chain, 1);
    const t0 = await blockTimestamp(chain, await send(staking, a1, 'stake', [3], [1]));
    await setNextTimestamp(chain, t0 + 2 * DAY + 43_200); // 2.5 days
    await send(staking, a1, 'claimRewards', [3], [1]);
    expect((await vault(3, 1)).timestamp).toBe(BigInt(t0 + 2 * DAY));
    expect(await read(staking, 'pendingRewards', 3, 1)).toBe(0n);
    await setNextTimestamp(chain, t0 + 3 * DAY); // half a day later: the third day is complete
    const before = await balance(natura, a1.address);
    await send(staking, a1, 'claimRewards', [3], [1]);
    expect((await balance(natura, a1.address)) - before).toBe(rpd(3));
    expect(await read(staking, 'totalRewardsClaimed')).toBe(3n * rpd(3));
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

  it('reverts when the reward reserve is too small', async () => {
    const owner = account(chain, 0);
    const a1 = account(chain, 1);
    await send(staking, owner, 'setRewardsPerDay', 0, nat(2_000_000n));
    await send(staking, a1, 'stake', [0], [1]);
    await increaseTime(chain, DAY);
    await expectRevert(send(staking, a1, 'claimRewards', [0], [1]), 'Staking: insufficient reward reserve');
  });
});

describe('_unstakeMany', () => {
  it('returns the NFTs, pays what is due and clears the vault and helper lists', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await send(staking, a1, 'stake', [1, 1, 1], [1, 2, 3]);
    await send(staking, a2, 'stake', [1], [4]);
    await increaseTime(chain, 30 * DAY + 100);
    const before = await balance(natura, a1.address);
    const receipt = await send(staking, a1, '_unstakeMany', [1, 1], [1, 3]);
    const expected = 2n * 30n * rpd(1);
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
    expect(await read(helper, 'getUserStakedTokens', 1, a1.address)).toEqual([2n, 1n]);
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
