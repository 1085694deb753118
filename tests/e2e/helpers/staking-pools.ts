import { approxUsd, shown } from './amounts.ts';
import { Contract, JsonRpcProvider } from 'ethers';
import { deployment, stackInfo } from '../fixtures.ts';
import { NATURA_ABI, NFT_COLLECTION_ABI, STAKING_ABI } from './abis.ts';

/**
 * What a visitor sees of staking before connecting (deployed-system.md §C5.6, §P2). Every figure is read from
 * anvil: the pool contract's name(), the staking contract's getRewardsPerDay(pid) (with its "≈ $" at Natura's
 * getNaturaPrice) and how many pool NFTs it holds.
 */

/** Natura wei as rewards are shown (docs/amounts.md): 2 decimals, rounded down, English separators. */
export const poolNatura2 = (wei: bigint) => shown(wei, 18, 'reward');

/** "≈ $" of Natura wei at `price` (USD, 6 decimals, per whole Natura): cents rounded down, English separators. */
export const usd2 = (wei: bigint, price: bigint) => approxUsd((wei * price) / 10n ** 18n);

/** The yearly-rate estimate as the page writes it: rate × 365 × price ÷ 10^18 over the pool cost, hundredths rounded down. */
export const yearlyRate = (rate: bigint, cost: bigint, price: bigint) => {
  const hundredths = (rate * 365n * price * 10_000n) / (10n ** 18n * cost);
  return `Estimated yearly rate: ${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')} % of the pool's cost, at today's Natura price`;
};

export async function poolFacts() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const staking = new Contract(d.contracts.staking, STAKING_ABI, provider);
  const price = (await new Contract(d.contracts.natura, NATURA_ABI, provider).getFunction(
    'getNaturaPrice',
  )()) as bigint;
  const pools = d.collections
    .filter((c): c is typeof c & { pid: number } => c.pid !== null)
    .sort((a, b) => a.pid - b.pid);
  return Promise.all(
    pools.map(async (pool) => {
      const nft = new Contract(pool.address, NFT_COLLECTION_ABI, provider);
      return {
        name: (await nft.getFunction('name')()) as string,
        rate: (await staking.getFunction('getRewardsPerDay')(pool.pid)) as bigint,
        staked: (await nft.getFunction('balanceOf')(d.contracts.staking)) as bigint,
        cost: ((await staking.getFunction('poolInfo')(pool.pid)) as { cost: bigint }).cost,
        price,
      };
    }),
  );
}
