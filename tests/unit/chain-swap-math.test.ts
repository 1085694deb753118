import { describe, expect, it } from 'vitest';
import { stakingRevertKey } from '@/features/staking/revert-messages';
import { claimPreview, estimateTotalRewards, stakedDuration, wholeDaysStaked } from '@/lib/chain/staking-math';
import {
  createApproveAmount,
  feePreview,
  fillAmounts,
  makerTokenA,
  parseOrderInput,
  swapTokenOf,
  takerCost,
  updateApproveAmount,
} from '@/lib/chain/swap-math';
import { parseNatura, parseUsdt } from '@/lib/chain/units';

const tokens = {
  usdt: '0x1000000000000000000000000000000000000001',
  natura: '0x1000000000000000000000000000000000000002',
} as const;

describe('order semantics (§5.7 table)', () => {
  it('maps the modal choice to the deposited token', () => {
    expect(makerTokenA('sell', 'natura')).toBe('natura');
    expect(makerTokenA('sell', 'usdt')).toBe('usdt');
    expect(makerTokenA('buy', 'natura')).toBe('usdt');
    expect(makerTokenA('buy', 'usdt')).toBe('natura');
  });

  it('identifies tokenA case-insensitively and refuses other tokens', () => {
    expect(swapTokenOf(tokens.natura.toUpperCase().replace('0X', '0x'), tokens)).toBe('natura');
    expect(swapTokenOf(tokens.usdt, tokens)).toBe('usdt');
    expect(() => swapTokenOf('0x2000000000000000000000000000000000000000', tokens)).toThrow();
  });

  it('parses amount in tokenA decimals and price in the other token decimals', () => {
    expect(parseOrderInput('natura', '100.5', '1.234567')).toEqual({
      amountA: 100_500_000_000_000_000_000n,
      price: 1_234_567n,
    });
    expect(parseOrderInput('usdt', '250.5', '0.8')).toEqual({ amountA: 250_500_000n, price: 800_000_000_000_000_000n });
    expect(() => parseOrderInput('natura', '1', '1.2345678')).toThrow(); // USDT price with 7 decimals
  });
});

describe('taker cost = amountA × price ÷ 10^decimals(tokenA), rounded up', () => {
  it('tokenA Natura: USDT owed for NAT', () => {
    expect(takerCost({ amountA: parseNatura('1000'), price: parseUsdt('1.2') }, 'natura')).toBe(1_200_000_000n);
    // 0.5 NAT × 1.000001 USDT = 0.5000005 USDT → 0.500001
    expect(takerCost({ amountA: parseNatura('0.5'), price: parseUsdt('1.000001') }, 'natura')).toBe(500_001n);
    // one wei of NAT still costs one USDT base unit
    expect(takerCost({ amountA: 1n, price: 1n }, 'natura')).toBe(1n);
  });

  it('tokenA USDT: NAT owed for USDT', () => {
    expect(takerCost({ amountA: parseUsdt('300'), price: parseNatura('0.8') }, 'usdt')).toBe(
      240_000_000_000_000_000_000n,
    );
    expect(takerCost({ amountA: 200_000_001n, price: 333_333_333_333_333_333n }, 'usdt')).toBe(
      66_666_666_999_999_999_934n,
    );
  });

  it('is exact when the product divides evenly', () => {
    expect(takerCost({ amountA: parseNatura('2'), price: 3n }, 'natura')).toBe(6n);
  });
});

describe('approve amounts', () => {
  it('create approves the whole deposit; edit approves only an increase', () => {
    expect(createApproveAmount(parseNatura('7.77'))).toBe(7_770_000_000_000_000_000n);
    expect(updateApproveAmount(parseUsdt('250.5'), parseUsdt('300.000001'))).toBe(49_500_001n);
    expect(updateApproveAmount(parseUsdt('300'), parseUsdt('200'))).toBe(0n);
    expect(updateApproveAmount(5n, 5n)).toBe(0n);
  });
});

describe('4 % fee', () => {
  it('previews "offering" = amount × 0.96 and "getting" = amount × 0.96 × price', () => {
    // 100 NAT at 1.5 USDT: offering 96 NAT, getting 144 USDT
    expect(feePreview(parseNatura('100'), parseUsdt('1.5'), 'natura')).toEqual({
      offering: 96_000_000_000_000_000_000n,
      getting: 144_000_000n,
    });
    // 10 USDT at 2.5 NAT: offering 9.6 USDT, getting 24 NAT
    expect(feePreview(parseUsdt('10'), parseNatura('2.5'), 'usdt')).toEqual({
      offering: 9_600_000n,
      getting: 24_000_000_000_000_000_000n,
    });
  });

  it('splits a fill to the wei, fees rounded down', () => {
    expect(fillAmounts({ amountA: 80_000_000_000_000_000_001n, price: 1_300_000n }, 'natura')).toEqual({
      takerPays: 104_000_001n,
      makerFee: 4_160_000n,
      makerReceives: 99_840_001n,
      takerFee: 3_200_000_000_000_000_000n,
      takerReceives: 76_800_000_000_000_000_001n,
    });
    expect(fillAmounts({ amountA: 24n, price: parseNatura('1') }, 'usdt')).toEqual({
      takerPays: 24_000_000_000_000n,
      makerFee: 960_000_000_000n,
      makerReceives: 23_040_000_000_000n,
      takerFee: 0n, // 4 % of 24 base units rounds down to 0
      takerReceives: 24n,
    });
  });
});

describe('staking rewards (§5.6): floor(days since timestamp) × rewardsPerDay', () => {
  const perDay = parseNatura('10');
  const stakedAt = 1_700_000_000n;

  it.each([
    [0n, 0n],
    [86_399n, 0n],
    [86_400n, 10n ** 19n],
    [3n * 86_400n + 5n, 3n * 10n ** 19n],
    [10n * 86_400n - 1n, 9n * 10n ** 19n],
  ])('after %s s → %s wei', (elapsed, expected) => {
    expect(estimateTotalRewards(stakedAt, perDay, stakedAt + elapsed)).toBe(expected);
  });

  it('is zero when the clock is behind the stake time', () => {
    expect(wholeDaysStaked(stakedAt, stakedAt - 100n)).toBe(0n);
    expect(estimateTotalRewards(stakedAt, perDay, stakedAt - 86_400n * 2n)).toBe(0n);
  });

  it('splits the time staked into days, hours, minutes and seconds', () => {
    expect(stakedDuration(stakedAt, stakedAt + 3n * 86_400n + 2n * 3600n + 5n * 60n + 7n)).toEqual({
      days: 3n,
      hours: 2n,
      minutes: 5n,
      seconds: 7n,
    });
    expect(stakedDuration(stakedAt, stakedAt - 1n)).toEqual({ days: 0n, hours: 0n, minutes: 0n, seconds: 0n });
  });
});

describe('what a claim does (§9.2): whole days paid, the rest of the day forfeited', () => {
  const perDay = 21_917_424_660_597_247n;
  const stakedAt = 1_700_000_000n;

  it('after 3 days 5 hours: 3 days paid, 5 hours forfeited, the next whole day 19 hours away', () => {
    expect(claimPreview(stakedAt, perDay, stakedAt + 3n * 86_400n + 5n * 3600n)).toEqual({
      days: 3n,
      amount: 3n * perDay,
      forfeitedSeconds: 5n * 3600n,
      nextWholeDayAt: stakedAt + 4n * 86_400n,
    });
  });

  it('at a whole day exactly nothing is forfeited', () => {
    expect(claimPreview(stakedAt, perDay, stakedAt + 86_400n)).toMatchObject({ days: 1n, forfeitedSeconds: 0n });
  });
});

describe("staking revert strings in the user's words (§9.2)", () => {
  it.each([
    ['ERC20: insufficient allowance', 'revert.poolEmpty'],
    ['ERC20: transfer amount exceeds balance', 'revert.poolEmpty'],
    ['ERC20: transfer to the zero address', 'revert.token'],
    ['Staking: caller is not the staker', 'revert.notStaker'],
    ['Staking: token is not staked', 'revert.notStaked'],
    ['Something else', null],
  ])('%s → %s', (reason, key) => {
    expect(stakingRevertKey(reason)).toBe(key);
  });
});
