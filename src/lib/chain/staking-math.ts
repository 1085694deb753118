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

/** Unix seconds now, as the reward formula takes it. */
export function nowInSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}
