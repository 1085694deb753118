import { describe, expect, it } from 'vitest';
import { stakingRevertKey } from '@/features/staking/components/revert-messages';
import { claimPreview, estimateTotalRewards, stakedDuration, wholeDaysStaked } from '@/lib/chain/staking-math';
import {
  createApproveAmount,
  feePreview,
  fillAmounts,
  isWholeAmount,
  makerTokenA,
  parseOrderInput,
  swapTokenOf,
  takerCost,
  uncharged,
  updateApproveAmount,
  wholeTokens,
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

describe('taker cost P = price × W, W = ⌊amountA ÷ 10^decimals(tokenA)⌋ (§9.4)', () => {
  it('tokenA Natura: USDT owed for NAT, the fraction is not charged', () => {
    expect(takerCost({ amountA: parseNatura('1000'), price: parseUsdt('1.2') }, 'natura')).toBe(1_200_000_000n);
    // §9.4: 100.5 NAT @ 1.2 costs 120 USDT, not 120.6
    expect(takerCost({ amountA: parseNatura('100.5'), price: parseUsdt('1.2') }, 'natura')).toBe(120_000_000n);
    // an order below one whole token costs nothing
    expect(takerCost({ amountA: parseNatura('0.999999999999999999'), price: parseUsdt('1000') }, 'natura')).toBe(0n);
    expect(wholeTokens(parseNatura('100.5'), 'natura')).toBe(100n);
    expect(uncharged(parseNatura('100.5'), 'natura')).toBe(500_000_000_000_000_000n);
  });

  it('tokenA USDT: NAT owed for USDT', () => {
    expect(takerCost({ amountA: parseUsdt('300'), price: parseNatura('0.8') }, 'usdt')).toBe(
      240_000_000_000_000_000_000n,
    );
    // §9.4: 50.5 USDT @ 0.8 costs 40 NAT
    expect(takerCost({ amountA: parseUsdt('50.5'), price: parseNatura('0.8') }, 'usdt')).toBe(
      40_000_000_000_000_000_000n,
    );
    expect(takerCost({ amountA: 200_000_001n, price: 333_333_333_333_333_333n }, 'usdt')).toBe(
      66_666_666_666_666_666_600n,
    );
  });

  it('whole amounts only: a fraction of one base unit is not whole', () => {
    expect(isWholeAmount(parseNatura('12'), 'natura')).toBe(true);
    expect(isWholeAmount(parseNatura('12') + 1n, 'natura')).toBe(false);
    expect(isWholeAmount(parseUsdt('3'), 'usdt')).toBe(true);
    expect(isWholeAmount(parseUsdt('3.000001'), 'usdt')).toBe(false);
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

describe('fee split of §9.4: 3 % + 1 % of the USDT side to ownerWallet, 4 % of the Natura side burned', () => {
  it('§9.4 example 1: 100.5 NAT @ 1.2 → pays 120 USDT, maker 115.2 USDT, taker 96.48 NAT, 4.02 NAT burned', () => {
    expect(fillAmounts({ amountA: parseNatura('100.5'), price: parseUsdt('1.2') }, 'natura')).toEqual({
      takerPays: 120_000_000n,
      makerReceives: 115_200_000n,
      takerReceives: 96_480_000_000_000_000_000n,
      burned: 4_020_000_000_000_000_000n,
      ownerWalletFee: 4_800_000n,
    });
  });

  it('§9.4 example 2: 50.5 USDT @ 0.8 → pays 40 NAT, maker 38.4 NAT, 1.6 NAT burned, taker 48.48 USDT', () => {
    expect(fillAmounts({ amountA: parseUsdt('50.5'), price: parseNatura('0.8') }, 'usdt')).toEqual({
      takerPays: 40_000_000_000_000_000_000n,
      makerReceives: 38_400_000_000_000_000_000n,
      takerReceives: 48_480_000n,
      burned: 1_600_000_000_000_000_000n,
      ownerWalletFee: 2_020_000n,
    });
  });

  it('rounds each fee down on its own (3 % and 1 % separately)', () => {
    // P = 1.234567 × 7 = 8.641969 USDT: ⌊3 %⌋ = 259 259, ⌊1 %⌋ = 86 419 (⌊4 %⌋ would be 345 678)
    expect(fillAmounts({ amountA: 7_999_999_999_999_999_999n, price: 1_234_567n }, 'natura')).toEqual({
      takerPays: 8_641_969n,
      makerReceives: 8_641_969n - 259_259n - 86_419n,
      takerReceives: 7_999_999_999_999_999_999n - 319_999_999_999_999_999n,
      burned: 319_999_999_999_999_999n,
      ownerWalletFee: 345_678n,
    });
    expect(fillAmounts({ amountA: 3_333_333n, price: 777_777_777_777_777_777n }, 'usdt')).toEqual({
      takerPays: 2_333_333_333_333_333_331n,
      makerReceives: 2_333_333_333_333_333_331n - 93_333_333_333_333_333n,
      takerReceives: 3_333_333n - 99_999n - 33_333n,
      burned: 93_333_333_333_333_333n,
      ownerWalletFee: 133_332n,
    });
  });

  it('the create preview: "offering" = what the taker receives, "getting" = what the maker receives', () => {
    expect(feePreview(parseNatura('100'), parseUsdt('1.5'), 'natura')).toEqual({
      offering: 96_000_000_000_000_000_000n,
      getting: 144_000_000n,
    });
    expect(feePreview(parseUsdt('10'), parseNatura('2.5'), 'usdt')).toEqual({
      offering: 9_600_000n,
      getting: 24_000_000_000_000_000_000n,
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
