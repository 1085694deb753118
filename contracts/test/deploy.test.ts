/**
 * deployAndSeed: deterministic addresses on fresh chains, and the deployment file describes the
 * chain state exactly (owners, listings and item ids, staked tokens, orders, pools, dashboard).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type InterfaceAbi } from 'ethers';
import { REWARD_ALLOWANCE, deployAndSeed, type Deployment } from '../deploy/deploy.ts';
import { drainRewardPool, getRewardPool, refillRewardPool } from '../deploy/reward-pool.ts';
import { getArtifact } from '../scripts/compile.ts';
import { account, balance, expectRevert, nat, read, send, startChain, usdt, type Chain } from './helpers.ts';

let chainA: Chain;
let chainB: Chain;
let dir: string;
let first: Deployment;
let second: Deployment;
let deployMs = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tm-deploy-'));
  chainA = await startChain();
  chainB = await startChain();
  const started = Date.now();
  first = await deployAndSeed({
    rpcUrl: chainA.anvil.url,
    cmsUrl: 'http://127.0.0.1:1337',
    outFile: join(dir, 'a.json'),
    envFile: join(dir, 'a.env'),
    artifacts: chainA.artifacts,
    quiet: true,
  });
  deployMs = Date.now() - started;
  second = await deployAndSeed({
    rpcUrl: chainB.anvil.url,
    cmsUrl: 'http://127.0.0.1:1337',
    outFile: join(dir, 'b.json'),
    envFile: null,
    artifacts: chainB.artifacts,
    quiet: true,
  });
});
afterAll(async () => {
  await chainA.stop();
  await chainB.stop();
  rmSync(dir, { recursive: true, force: true });
});

function contract(name: string, address: string): Contract {
  return new Contract(address, getArtifact(chainA.artifacts, name).abi as InterfaceAbi, chainA.provider);
}

describe('determinism', () => {
  it('two fresh chains get the same addresses, ids and orders', () => {
    expect({ ...second, rpcUrl: '' }).toEqual({ ...first, rpcUrl: '' });
    expect(first.contracts.usdt).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(first.deployer).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(first.feeCollector).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
  });

  it('writes the JSON file and the env file', () => {
    const onDisk = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as Deployment;
    expect(onDisk).toEqual(first);
    const env = readFileSync(join(dir, 'a.env'), 'utf8');
    const pools = first.collections.filter((c) => c.pid !== null).sort((x, y) => (x.pid ?? 0) - (y.pid ?? 0));
    for (const line of [
      `VITE_RPC_URL=${chainA.anvil.url}`,
      'VITE_CHAIN_ID=31337',
      'VITE_CHAIN_NAME=Anvil Local',
      `VITE_USDT_ADDRESS=${first.contracts.usdt}`,
      `VITE_NATURA_ADDRESS=${first.contracts.natura}`,
      `VITE_MARKETPLACE_ADDRESS=${first.contracts.marketplace}`,
      `VITE_STAKING_ADDRESS=${first.contracts.staking}`,
      `VITE_STAKING_HELPER_ADDRESS=${first.contracts.stakingHelper}`,
      `VITE_SWAP_ADDRESS=${first.contracts.swap}`,
      ...pools.map((c) => `VITE_STAKING_POOL_${c.pid}=${c.address}`),
      'VITE_CMS_URL=http://127.0.0.1:1337',
    ]) {
      expect(env.split('\n')).toContain(line);
    }
  });

  it('is fast', () => {
    expect(deployMs).toBeLessThan(15_000);
  });
});

describe('seed content matches the chain', () => {
  it('has 6 collections, 4 of them pools 0–3, with shared token ids and every token state', () => {
    expect(first.collections).toHaveLength(6);
    expect(first.collections.map((c) => c.pid)).toEqual([0, 1, 2, 3, null, null]);
    const states = new Set(first.collections.flatMap((c) => c.tokens.map((t) => t.state)));
    expect([...states].sort()).toEqual(['listed', 'minted', 'staked', 'unminted']);
    const listedIds = first.collections.flatMap((c) =>
      c.tokens.filter((t) => t.state === 'listed').map((t) => t.tokenId),
    );
    const otherIds = first.collections.flatMap((c) =>
      c.tokens.filter((t) => t.state !== 'listed').map((t) => t.tokenId),
    );
    expect(listedIds.some((id) => otherIds.includes(id))).toBe(true);
    const sellers = new Set(
      first.collections.flatMap((c) => c.tokens.filter((t) => t.state === 'listed').map((t) => t.owner)),
    );
    expect(sellers.size).toBeGreaterThanOrEqual(2);
    expect(first.accounts).toHaveLength(10);
  });

  it('collections: name, cost, supply, URIs and every token state', async () => {
    const market = first.contracts.marketplace;
    const staking = contract('TerraStaking', first.contracts.staking);
    const helper = contract('TerraStakingHelper', first.contracts.stakingHelper);
    const listed = (await read<unknown[]>(contract('NFTMarket', market), 'fetchMarketItems')).map((r) =>
      (
        r as { toObject(): { itemId: bigint; nftContract: string; tokenId: bigint; seller: string; price: bigint } }
      ).toObject(),
    );
    let listedCount = 0;
    for (const c of first.collections) {
      const nft = contract('TerraNFT', c.address);
      expect(await read(nft, 'name')).toBe(c.name);
      expect(await read(nft, 'cost')).toBe(BigInt(c.cost));
      expect(await read(nft, 'maxSupply')).toBe(BigInt(c.maxSupply));
      expect(c.baseURI).toBe(`http://127.0.0.1:1337/api/nft-metadata/${c.key}/`);
      for (const t of c.tokens) {
        const label = `${c.key}#${t.tokenId}`;
        if (t.state === 'unminted') {
          expect(await read(nft, 'mintedTokenId', t.tokenId), label).toBe(false);
          expect(t.price, label).toBe(c.cost);
          continue;
        }
        expect(await read(nft, 'tokenURI', t.tokenId), label).toBe(`${c.baseURI}${t.tokenId}`);
        const holder = await read<string>(nft, 'ownerOf', t.tokenId);
        if (t.state === 'minted') expect(holder, label).toBe(t.owner);
        if (t.state === 'listed') {
          listedCount++;
          expect(holder, label).toBe(market);
          const item = listed.find((i) => i.itemId === BigInt(t.itemId ?? -1));
          expect(item, label).toEqual({
            itemId: BigInt(t.itemId ?? -1),
            nftContract: c.address,
            tokenId: BigInt(t.tokenId),
            seller: t.owner,
            owner: '0x0000000000000000000000000000000000000000',
            price: BigInt(t.price),
            sold: false,
          });
        }
        if (t.state === 'staked') {
          expect(holder, label).toBe(first.contracts.staking);
          const [, owner, initialized] = await read<[bigint, string, boolean, bigint]>(
            staking,
            'vault',
            c.pid,
            t.tokenId,
          );
          expect([owner, initialized], label).toEqual([t.owner, true]);
          expect(await read<bigint[]>(helper, 'getUserStakedTokens', c.pid, t.owner), label).toContain(
            BigInt(t.tokenId),
          );
        }
      }
    }
    expect(listed.filter((i) => i.itemId !== 0n)).toHaveLength(listedCount);
    // §9.1: the released seed item (4) is still returned, as an all-zero entry
    expect(listed.filter((i) => i.itemId === 0n)).toHaveLength(1);
  });

  it('pools, rewards, swap orders and dashboard values', async () => {
    const staking = contract('TerraStaking', first.contracts.staking);
    expect(await read(staking, 'poolLength')).toBe(4n);
    for (const c of first.collections.filter((x) => x.pid !== null)) {
      const [nftAddress, cost, supply] = await read<[string, bigint, bigint]>(staking, 'poolInfo', c.pid);
      expect([nftAddress, cost, supply]).toEqual([c.address, BigInt(c.cost), BigInt(c.maxSupply)]);
    }
    const natura = contract('Natura', first.contracts.natura);
    // Rewards come from the owner's wallet (§9.2): the seed leaves it an allowance and the balance behind it.
    expect(await read(natura, 'allowance', first.deployer, first.contracts.staking)).toBe(REWARD_ALLOWANCE);
    expect(await balance(natura, first.deployer)).toBeGreaterThan(REWARD_ALLOWANCE);
    expect(await balance(natura, first.contracts.staking)).toBe(0n);
    // 50,000 NAT burned at seed + the Natura-side swap fees of the two filled orders:
    // 4 % of 500 NAT (20) and 4 % of 117 NAT (4.68).
    expect(await balance(natura, '0x000000000000000000000000000000000000dEaD')).toBe(
      nat(50_024n) + 680_000_000_000_000_000n,
    );
    // §9.3: (125 USD staked + 1,250,000 gold + ⌊12.5⌋ BTC × 60,000 + 350,000 misc) × 10^6
    //       ÷ (100,000,000 × 300 bps ÷ 10,000 + 1,500,000 released + 0 claimed) = 515,583.33… → 515,583
    expect(await read(staking, 'totNftPrice')).toBe(usdt(125n));
    expect(await read(natura, 'getNaturaPrice')).toBe(515_583n);
    // ⌊10^18 ÷ 515,583⌋ × ⌊25 USDT ÷ 365⌋ (terra-genesis)
    expect(await read(staking, 'getRewardsPerDay', 0)).toBe((10n ** 18n / 515_583n) * 68_493n);
    expect(await read(natura, '_getGoldReserves')).toBe(1_250_000n);
    expect(await read(natura, '_getMiscReserves')).toBe(350_000n);
    expect(await read(natura, '_getBitcoinReserves')).toBe(12_500_000_000_000_000_000n);
    expect(await read(natura, '_getOtherNaturaReleased')).toBe(nat(1_500_000n));
    expect(await read(natura, 'stakingContract')).toBe(first.contracts.staking);

    const swap = contract('Swap', first.contracts.swap);
    const onChain = (await read<unknown[]>(swap, 'getOrders')).map((r) =>
      (r as { toObject(): Record<string, unknown> }).toObject(),
    );
    expect(onChain).toEqual(
      first.swapOrders.map((o) => ({
        owner: o.owner,
        tokenA: o.tokenA === 'natura' ? first.contracts.natura : first.contracts.usdt,
        amountA: BigInt(o.amountA),
        price: BigInt(o.price),
        orderType: o.orderType,
        status: BigInt(o.status),
      })),
    );
    const statuses = first.swapOrders.map((o) => o.status);
    expect(statuses).toContain(0);
    expect(statuses).toContain(1);
    expect(statuses).toContain(2);
    const open = first.swapOrders.filter((o) => o.status === 1);
    expect(new Set(open.map((o) => o.tokenA))).toEqual(new Set(['natura', 'usdt']));
  });

  it('funds accounts 0–4 with USDT and 1–4 with Natura', async () => {
    const u = contract('TestUSDT', first.contracts.usdt);
    const n = contract('Natura', first.contracts.natura);
    expect(await balance(u, first.accounts[4]?.address ?? '')).toBe(usdt(100_000n));
    expect(await balance(n, first.accounts[4]?.address ?? '')).toBe(nat(1_000_000n));
    expect(await balance(u, first.accounts[1]?.address ?? '')).toBeGreaterThan(usdt(90_000n));
  });

  it('the seeded state supports the app flows: mint an unminted token, buy a listed one', async () => {
    const buyer = account(chainA, 4);
    const c = first.collections[0];
    const unminted = c?.tokens.find((t) => t.state === 'unminted');
    const listed = c?.tokens.find((t) => t.state === 'listed');
    if (!c || !unminted || !listed || listed.itemId === null) throw new Error('seed lacks tokens');
    const u = contract('TestUSDT', first.contracts.usdt);
    const nft = contract('TerraNFT', c.address);
    const market = contract('NFTMarket', first.contracts.marketplace);
    await send(u, buyer, 'approve', c.address, BigInt(unminted.price));
    await send(nft, buyer, 'mint', unminted.tokenId, BigInt(unminted.price));
    expect(await read(nft, 'ownerOf', unminted.tokenId)).toBe(buyer.address);
    await send(u, buyer, 'approve', first.contracts.marketplace, BigInt(listed.price));
    await send(market, buyer, 'createMarketSale', c.address, listed.itemId, BigInt(listed.price));
    expect(await read(nft, 'ownerOf', listed.tokenId)).toBe(buyer.address);
    // §9.1: a sold item is not refused by a check; the second sale fails inside the NFT transfer
    await send(u, buyer, 'approve', first.contracts.marketplace, BigInt(listed.price));
    await expectRevert(
      send(market, buyer, 'createMarketSale', c.address, listed.itemId, BigInt(listed.price)),
      'ERC721InsufficientApproval',
    );
  });

  it('the reward pool helpers drain the owner allowance or balance and refill them as seeded', async () => {
    const before = await getRewardPool(chainA.anvil.url, first);
    expect(before.owner).toBe(first.deployer);
    expect(before.allowance).toBe(REWARD_ALLOWANCE);
    expect((await drainRewardPool(chainA.anvil.url, first)).allowance).toBe(0n);
    expect(await refillRewardPool(chainA.anvil.url, first)).toEqual(before);
    const drained = await drainRewardPool(chainA.anvil.url, first, 'balance');
    expect([drained.balance, drained.allowance]).toEqual([0n, REWARD_ALLOWANCE]);
    expect(await refillRewardPool(chainA.anvil.url, first)).toEqual(before);
  });
});
