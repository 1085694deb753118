/**
 * Benchmark of the staking page's MY STAKED chain read (src/features/staking/api/get-staked-nfts.ts)
 * on a fresh local anvil with the reference contracts: for N = 1, 12 and 50 staked NFTs it prints
 * the JSON-RPC HTTP requests the read made and how long it took. The count must not grow with N
 * (the previous front end made 1 + 2N calls, one request each).
 *
 *   npx tsx scripts/bench/staked-reads.ts
 */
import { Contract, JsonRpcProvider, NonceManager, type ContractTransactionResponse, Wallet } from 'ethers';
import { getStakedNfts } from '../../src/features/staking/api/get-staked-nfts.ts';
import { CountingProvider } from './counting-provider.ts';
import { startAnvil } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, devAccounts } from '../../contracts/deploy/deploy.ts';
import type { Address } from '../../src/config/env.ts';

/** Waits for a sent transaction's receipt (contract calls of a runtime ABI are untyped). */
async function mined(sent: Promise<unknown>): Promise<void> {
  await ((await sent) as ContractTransactionResponse).wait();
}

const SIZES = [1, 12, 50];
const USDT_ABI = ['function mint(address to, uint256 amount)', 'function approve(address, uint256) returns (bool)'];
const NFT_ABI = ['function mint(uint256 tokenId, uint256 cost)', 'function setApprovalForAll(address, bool)'];
const STAKING_ABI = ['function stake(uint256[] _pids, uint24[] _tokenIds)'];

async function main() {
  const anvil = await startAnvil({ port: 0 });
  try {
    const d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
    const provider = new JsonRpcProvider(anvil.url, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const keys = devAccounts(10);
    const owner = new NonceManager(new Wallet(keys[0]!.privateKey, provider));
    const usdt = new Contract(d.contracts.usdt, USDT_ABI, owner);
    const pools = d.collections
      .filter((c) => c.pid !== null)
      .map((c) => ({
        pid: c.pid!,
        address: c.address as Address,
        cost: BigInt(c.cost),
        // The seed mints the lowest ids; the bench takes ids from the top down.
        next: c.maxSupply,
      }));

    console.log('N\trequests\tcalls\tms');
    for (const [index, size] of SIZES.entries()) {
      const staker = new NonceManager(new Wallet(keys[5 + index]!.privateKey, provider));
      const address = (await staker.getAddress()) as Address;
      await mined(usdt.getFunction('mint')(address, 1_000_000n * 10n ** 6n));
      const picked: { pid: number; tokenId: number }[] = [];
      for (let i = 0; i < size; i += 1) {
        const pool = pools[i % pools.length]!;
        picked.push({ pid: pool.pid, tokenId: pool.next });
        pool.next -= 1;
      }
      for (const pool of pools) {
        const mine = picked.filter((p) => p.pid === pool.pid);
        if (mine.length === 0) continue;
        const nft = new Contract(pool.address, NFT_ABI, staker);
        await mined(
          new Contract(d.contracts.usdt, USDT_ABI, staker).getFunction('approve')(
            pool.address,
            pool.cost * BigInt(mine.length),
          ),
        );
        for (const p of mine) await mined(nft.getFunction('mint')(p.tokenId, pool.cost));
        await mined(nft.getFunction('setApprovalForAll')(d.contracts.staking, true));
      }
      const staking = new Contract(d.contracts.staking, STAKING_ABI, staker);
      await mined(
        staking.getFunction('stake')(
          picked.map((p) => p.pid),
          picked.map((p) => p.tokenId),
        ),
      );

      const counting = new CountingProvider(anvil.url);
      const started = performance.now();
      const read = await getStakedNfts(address, counting, {
        staking: d.contracts.staking as Address,
        stakingHelper: d.contracts.stakingHelper as Address,
        pools: pools.map((p) => ({ pid: p.pid, address: p.address })),
      });
      const ms = performance.now() - started;
      if (read.positions.length !== size) throw new Error(`expected ${size} staked, read ${read.positions.length}`);
      console.log(`${size}\t${counting.requests}\t\t${counting.calls}\t${ms.toFixed(1)}`);
      counting.destroy();
    }
    provider.destroy();
  } finally {
    await anvil.stop();
  }
}

await main();
