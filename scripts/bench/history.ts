/**
 * Benchmark of chain history (src/lib/chain/history) on a fresh local anvil with the reference contracts: it seeds
 * a long history — 50 000 blocks holding ≈ 5 000 relevant events (NFT transfers, listings and releases, sales) on
 * one collection — and prints, for the NFT page, the collection page and the profile, the JSON-RPC HTTP requests,
 * the calls inside them and the time of a cold read (empty cache) and of a warm one (the cache of the first, after
 * 100 more blocks). The reads are the ones the pages make: the collection's and the marketplace's logs, the sales'
 * prices from their transactions' logs, and the block times of what is shown, through the app's own read path
 * (lib/chain/node-reads.ts: the call runner's batched fetch transport).
 *
 *   npx tsx scripts/bench/history.ts [--blocks 50000] [--events 5000] [--range 10000]
 */
import { parseArgs } from 'node:util';
import { Contract, JsonRpcProvider, NonceManager, Wallet, type ContractTransactionResponse } from 'ethers';
import { startAnvil } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, devAccounts } from '../../contracts/deploy/deploy.ts';
import type { Address } from '../../src/config/env.ts';
import { memoryHistoryStore, type HistoryStore } from '../../src/lib/chain/history/history-store.ts';
import { createHistoryReader } from '../../src/lib/chain/history/log-reader.ts';
import { createNodeReads } from '../../src/lib/chain/node-reads.ts';
import { createNodePool } from '../../src/lib/chain/rpc-nodes.ts';
import { localEnv } from '../stack/stack.ts';
import { readCollectionHistory, readPaidPrices, type NftEvent } from '../../src/lib/chain/history/nft-history.ts';
import { decodeAll, decodeClaimed, decodeSwapEvent } from '../../src/lib/chain/history/events.ts';

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '50000' },
    events: { type: 'string', default: '5000' },
    range: { type: 'string', default: '10000' },
  },
});
const BLOCKS = Number(values.blocks);
const EVENTS = Number(values.events);
const RANGE = Number(values.range);

const NFT_ABI = [
  'function mint(uint256 tokenId, uint256 cost)',
  'function setApprovalForAll(address, bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
];
/** The test USDT's faucet (bench accounts start without USDT) and approve. */
const USDT_ABI = ['function faucet()', 'function approve(address, uint256) returns (bool)'];
const MARKET_ABI = [
  'function createMarketItem(address nftContract, uint256 tokenId, uint256 price)',
  'function createMarketSale(address nftContract, uint256 itemId, uint256 amountPaid)',
  'function releaseSale(uint256 itemId)',
];

async function main() {
  // Pruned: a 50 000-block history's old states would fill the disk (the reads need logs, blocks and receipts only).
  const anvil = await startAnvil({ port: 0, pruneHistory: true });
  try {
    const d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
    const seedProvider = new JsonRpcProvider(anvil.url, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const keys = devAccounts(10);
    const signer = (i: number) => new NonceManager(new Wallet(keys[i]!.privateKey, seedProvider));
    const [alice, bob] = [signer(5), signer(6)];
    const [aliceAddress, bobAddress] = [keys[5]!.address, keys[6]!.address];
    const desert = d.collections.find((c) => c.key === 'desert-bloom')!;
    const market = d.contracts.marketplace;
    const nft = (signer: NonceManager) => new Contract(desert.address, NFT_ABI, signer);
    const send = async (sent: Promise<unknown>) => (await sent) as ContractTransactionResponse;
    const mine = (blocks: number) => seedProvider.send('anvil_mine', [`0x${blocks.toString(16)}`, '0x1']);

    // Setup: alice mints token 70; both approve the marketplace for NFTs and USDT.
    for (const signer of [alice, bob]) {
      await (await send(new Contract(d.contracts.usdt, USDT_ABI, signer).getFunction('faucet')())).wait();
    }
    const cost = BigInt(desert.cost);
    await (
      await send(new Contract(d.contracts.usdt, USDT_ABI, alice).getFunction('approve')(desert.address, cost))
    ).wait();
    await (await send(nft(alice).getFunction('mint')(70, cost))).wait();
    for (const signer of [alice, bob]) {
      await (await send(nft(signer).getFunction('setApprovalForAll')(market, true))).wait();
      await (
        await send(new Contract(d.contracts.usdt, USDT_ABI, signer).getFunction('approve')(market, 10n ** 15n))
      ).wait();
    }

    // ≈ 5 000 events spread over 50 000 blocks: plain transfers alice ⇄ bob (alice sends all of them, as bob's
    // operator, so that one sender's nonces keep them in order inside a block), 20 to a block; every 10th block
    // also a listing and a release, every 50th a listing and a sale (three events each).
    await (await send(nft(bob).getFunction('setApprovalForAll')(aliceAddress, true))).wait();
    const started = Date.now();
    const fixedGas = { gasLimit: 400_000n };
    let events = 0;
    let holder = aliceAddress;
    let nextItem = 0n;
    const rounds = Math.ceil(EVENTS / 21.3);
    const gap = Math.max(1, Math.floor(BLOCKS / rounds));
    await seedProvider.send('evm_setAutomine', [false]);
    for (let round = 1; events < EVENTS; round += 1) {
      for (let i = 0; i < 20; i += 1) {
        const to = holder === aliceAddress ? bobAddress : aliceAddress;
        void send(nft(alice).getFunction('transferFrom')(holder, to, 70, fixedGas));
        holder = to;
        events += 1;
      }
      await mine(1);
      if (round % 10 === 0) {
        const seller = holder === aliceAddress ? alice : bob;
        const buyer = holder === aliceAddress ? bob : alice;
        await send(
          new Contract(market, MARKET_ABI, seller).getFunction('createMarketItem')(
            desert.address,
            70,
            1_000_000n,
            fixedGas,
          ),
        );
        await mine(1);
        nextItem = await nextItemId(seedProvider, market, nextItem);
        if (round % 50 === 0) {
          await send(
            new Contract(market, MARKET_ABI, buyer).getFunction('createMarketSale')(
              desert.address,
              nextItem,
              1_000_000n,
              fixedGas,
            ),
          );
          holder = holder === aliceAddress ? bobAddress : aliceAddress;
        } else {
          await send(new Contract(market, MARKET_ABI, seller).getFunction('releaseSale')(nextItem, fixedGas));
        }
        await mine(1);
        events += 3;
      }
      await mine(gap);
      if (round % 25 === 0) console.error(`  … ${events} events, block ${await seedProvider.getBlockNumber()}`);
    }
    await seedProvider.send('evm_setAutomine', [true]);
    const head = await seedProvider.getBlockNumber();
    if (head < BLOCKS) await mine(BLOCKS - head);
    console.log(
      `seeded ${events} events over ${await seedProvider.getBlockNumber()} blocks in ${Date.now() - started} ms`,
    );

    const contracts = {
      marketplace: market as Address,
      staking: d.contracts.staking as Address,
      usdt: d.contracts.usdt as Address,
    };
    const trusted = d.collections.map((c) => c.address as Address);
    // The configured start blocks, as the app has them: no eth_getCode search (anvil, like a pruned node, keeps no
    // state that old and refuses eth_getCode at an early block of a long chain).
    const startBlocks = new Map(
      [...trusted, market, d.contracts.staking, d.contracts.swap].map((a) => [
        a.toLowerCase(),
        d.marketplaceStartBlock,
      ]),
    );
    // Every queued transaction must have landed: the token's history holds each of them.
    const check = createHistoryReader({
      source: seedProvider,
      store: memoryHistoryStore(),
      chainId: 31337,
      startBlocks,
      maxRange: RANGE,
    });
    const history = await readCollectionHistory(check, desert.address as Address, contracts);
    console.log(`token #70: ${history.filter((e) => e.tokenId === 70n).length} events on chain (its mint included)`);
    const pages: Record<string, (reader: ReturnType<typeof createHistoryReader>) => Promise<unknown>> = {
      'NFT page': async (reader) => {
        const token = (await readCollectionHistory(reader, desert.address as Address, contracts)).filter(
          (event) => event.tokenId === 70n,
        );
        const shown = token.slice(-50);
        await Promise.all([
          readPaidPrices(reader, shown, contracts),
          reader.blockTimes(shown.map((e) => e.blockNumber)),
        ]);
      },
      'collection page': async (reader) => {
        const all = await readCollectionHistory(reader, desert.address as Address, contracts);
        const sales = all.filter((event) => event.kind === 'sale');
        await Promise.all([
          readPaidPrices(reader, sales, contracts),
          reader.blockTimes(sales.slice(-10).map((e) => e.blockNumber)),
        ]);
      },
      profile: async (reader) => {
        const nftEvents: NftEvent[] = (
          await Promise.all(trusted.map((collection) => readCollectionHistory(reader, collection, contracts)))
        ).flat();
        const mine = nftEvents.filter((e) =>
          [e.from, e.to].some((a) => a.toLowerCase() === aliceAddress.toLowerCase()),
        );
        const [staking, swap] = await Promise.all([
          reader.contractLogs(d.contracts.staking),
          reader.contractLogs(d.contracts.swap),
        ]);
        decodeAll(staking, decodeClaimed);
        decodeAll(swap, decodeSwapEvent);
        const shown = mine.slice(-50);
        await Promise.all([
          readPaidPrices(reader, shown, contracts),
          reader.blockTimes(shown.map((e) => e.blockNumber)),
        ]);
      },
    };

    // The app's read path (lib/chain/node-reads.ts over the call runner's fetch transport), with its configuration
    // from the process environment; every HTTP request it sends to the node is counted, with the calls in it.
    Object.assign(process.env, localEnv(d, 'http://127.0.0.1:9', false));
    const sent = { requests: 0, calls: 0 };
    const fetchOfNode = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      if (body !== null) {
        sent.requests += 1;
        sent.calls += Array.isArray(body) ? body.length : 1;
      }
      return fetchOfNode(input, init);
    };
    console.log(`\nrange ${RANGE} blocks per eth_getLogs; requests = HTTP requests, calls = JSON-RPC calls in them`);
    console.log('page\tvisit\trequests\tcalls\tms');
    for (const [name, read] of Object.entries(pages)) {
      const store: HistoryStore = memoryHistoryStore();
      for (const visit of ['cold', 'warm']) {
        if (visit === 'warm') await mine(100);
        sent.requests = 0;
        sent.calls = 0;
        const reader = createHistoryReader({
          source: createNodeReads(createNodePool([anvil.url])),
          store,
          chainId: 31337,
          startBlocks,
          maxRange: RANGE,
          finality: 32,
        });
        const t0 = performance.now();
        await read(reader);
        console.log(`${name}\t${visit}\t${sent.requests}\t${sent.calls}\t${Math.round(performance.now() - t0)}`);
      }
    }
    seedProvider.destroy();
  } finally {
    await anvil.stop();
  }
}

/** The id of the item just created: the marketplace numbers items 1, 2, 3, … (seeded ones included). */
async function nextItemId(provider: JsonRpcProvider, market: string, last: bigint): Promise<bigint> {
  const topic = '0x045dfa01dcba2b36aba1d3dc4a874f4b0c5d2fbeb8d2c4b34a7d88c8d8f929d1';
  const head = await provider.getBlockNumber();
  const logs = await provider.getLogs({ address: market, topics: [topic], fromBlock: head, toBlock: head });
  const id = logs.at(-1)?.topics[1];
  return id ? BigInt(id) : last + 1n;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
