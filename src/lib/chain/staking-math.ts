/** Length of a reward day in seconds (deployed-system.md §C5.6). */
export const SECONDS_PER_DAY = 86_400n;

/** Whole days between `stakedAt` and `now` (unix seconds); 0 when the clock is behind. */
export function wholeDaysStaked(stakedAt: bigint, now: bigint): bigint {
  return now > stakedAt ? (now - stakedAt) / SECONDS_PER_DAY : 0n;
}

/**
 * The staking card's "Total Rewards" (deployed-system.md §C5.6): floor(days since `vault.timestamp`) × rewardsPerDay,
 * in Natura wei. A UI estimate that counts whole days only, as the product spec keeps it.
 */
export function estimateTotalRewards(stakedAt: bigint, rewardsPerDay: bigint, now: bigint): bigint {
  return wholeDaysStaked(stakedAt, now) * rewardsPerDay;
}

export interface StakedDuration {
  days: bigint;
  hours: bigint;
  minutes: bigint;
  seconds: bigint;
}

/** The staking card's running "D Days H Hour M Min S Sec" counter, split from unix seconds. */
export function stakedDuration(stakedAt: bigint, now: bigint): StakedDuration {
  const total = now > stakedAt ? now - stakedAt : 0n;
  return {
    days: total / SECONDS_PER_DAY,
    hours: (total % SECONDS_PER_DAY) / 3600n,
    minutes: (total % 3600n) / 60n,
    seconds: total % 60n,
  };
}

/**
 * What a claim at `now` does to one staked NFT (deployed-system.md §C9.2): it pays the whole days at
 * today's rate and restarts the count at the claim block, so the unfinished part of the current
 * day is forfeited. `nextWholeDayAt` is when that day would have been complete (unix seconds).
 */
export function claimPreview(stakedAt: bigint, rewardsPerDay: bigint, now: bigint) {
  const days = wholeDaysStaked(stakedAt, now);
  const elapsed = now > stakedAt ? now - stakedAt : 0n;
  return {
    days,
    amount: days * rewardsPerDay,
    forfeitedSeconds: elapsed % SECONDS_PER_DAY,
    nextWholeDayAt: stakedAt + (days + 1n) * SECONDS_PER_DAY,
  };
}
