/** Length of a reward day in seconds (§5.6). */
export const SECONDS_PER_DAY = 86_400n;

/** Whole days between `stakedAt` and `now` (unix seconds); 0 when the clock is behind. */
export function wholeDaysStaked(stakedAt: bigint, now: bigint): bigint {
  return now > stakedAt ? (now - stakedAt) / SECONDS_PER_DAY : 0n;
}

/**
 * The staking card's "Total Rewards" (§5.6): floor(days since `vault.timestamp`) × rewardsPerDay,
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
