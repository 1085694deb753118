/**
 * How long the swap page takes to read, decode and filter a big order book. Starts a fresh anvil,
 * deploys the reference contracts (contracts/deploy/deploy.ts), seeds ORDERS orders (default
 * 2 000) from dev accounts 1–4 with explicit nonces, sent back to back without waiting for each
 * receipt, then times, over several runs, the app's own code paths:
 *   read   — the one `getOrders()` eth_call (raw bytes over JSON-RPC)
 *   decode — the app's ABI decoding + mapping to SwapOrder with ids (src/lib/chain/contracts/swap.ts)
 *   filter — every view of the page (4 book tabs, Your Listings, Record × 3; src/features/swap/hooks/orders.ts)
 *   one by one — the fallback for nodes whose eth_call gas cap is below the whole book:
 *            ordersCount() + every getOrderById(i), batched by the provider
 *   longest main-thread block — the longest stretch in which the event loop got no turn (a timer
 *            ticking every millisecond measures the gaps) while the app reads and decodes the book
 *            (its getOrders(): eth_call, the JSON-RPC answer's handling, decodeOrders), and while it decodes
 *            bytes already read; in a browser tab such a stretch is a long task (input and paint wait)
 *
 *   npx tsx scripts/bench/swap-order-book.ts [orders] [runs]
 *
 * The incremental path (src/lib/chain/swap-book.ts: closed orders kept between visits, a visit reads ordersCount,
 * the new and the last-open orders) for books of 2 000, 5 000 and 20 000 orders, 5 % open: requests, bytes and time
 * of a cold visit (no cache) and a warm one (the cache of the visit before, 1 % new orders since, through the
 * chain-history store on fake-indexeddb), read through the app's own code with a counting JSON-RPC provider. The
 * orders are written straight into the contract's storage (anvil_setStorageAt: 20 000 orders by transaction take
 * too long). Budget 7b: the warm visit's first paint of 20 000 orders (1 000 open) — the kept book read from the store
 * and its first view, as the page paints it before the open orders are read again — is within 1 s, or the script
 * exits with an error. The full read's time is printed beside it.
 *
 *   npx tsx scripts/bench/swap-order-book.ts incremental [sizes, comma-separated] [runs]
 */
import { performance } from 'node:perf_hooks';
import { Interface, Wallet, parseUnits } from 'ethers';
import { startAnvil } from '../../contracts/lib/anvil.ts';
import { deployAndSeed, devAccounts } from '../../contracts/deploy/deploy.ts';
import { SWAP_ABI, getOrders, getOrdersOneByOne } from '../../src/lib/chain/contracts/swap.ts';
import type { SwapOrder } from '../../src/lib/chain/contracts/swap-order.ts';
import { bookRows, listingRows, recordRows } from '../../src/features/swap/hooks/orders.ts';
import { createReadProvider } from '../../src/lib/chain/provider.ts';
import { incrementalBench } from './swap-book-sync.ts';

const ORDERS = Number(process.argv[2] ?? 2000);
const RUNS = Number(process.argv[3] ?? 5);
const CALL_GAS = 400_000n;
const MAX_FEE = 20_000_000_000n;
const PRIORITY_FEE = 1_000_000_000n;

const swapIface = new Interface(SWAP_ABI);
const erc20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
/** The same decoding the app's getOrders() does, on bytes already read. */
async function decodeOrdersVia(raw: string): Promise<SwapOrder[]> {
  const runner = { call: () => Promise.resolve(raw) };
  return getOrders(runner as never, '0x0000000000000000000000000000000000000001');
}
const ms = (start: number) => performance.now() - start;

/** Runs `work` while a 1 ms timer watches the event loop; returns its result and the longest gap between ticks. */
async function withLongestBlock<T>(work: () => Promise<T>): Promise<{ result: T; longest: number }> {
  let last = performance.now();
  let longest = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  try {
    const result = await work();
    return { result, longest: Math.max(longest, performance.now() - last) };
  } finally {
    clearTimeout(timer);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const anvil = await startAnvil({ port: 0 });
  // The app's own read provider (src/lib/chain/provider.ts), so its JSON-RPC answer handling is measured.
  const provider = createReadProvider(anvil.url, 31337, { pollingInterval: 50 });
  try {
    const d = await deployAndSeed({ rpcUrl: anvil.url, outFile: null, envFile: null, quiet: true });
    const { natura, usdt, swap } = d.contracts;
    const makers = devAccounts(5)
      .slice(1, 5)
      .map((w) => new Wallet(w.privateKey, provider));
    const nonces = await Promise.all(makers.map((w) => provider.getTransactionCount(w.address, 'pending')));

    const seedStart = performance.now();
    const hashes: string[] = [];
    const send = async (index: number, to: string, data: string) => {
      const raw = await makers[index]!.signTransaction({
        type: 2,
        chainId: 31337,
        nonce: nonces[index]!++,
        to,
        data,
        value: 0n,
        gasLimit: CALL_GAS,
        maxFeePerGas: MAX_FEE,
        maxPriorityFeePerGas: PRIORITY_FEE,
      });
      hashes.push((await provider.send('eth_sendRawTransaction', [raw])) as string);
    };
    const max = (1n << 255n) - 1n;
    for (let m = 0; m < makers.length; m += 1) {
      await send(m, natura, erc20.encodeFunctionData('approve', [swap, max]));
      await send(m, usdt, erc20.encodeFunctionData('approve', [swap, max]));
    }
    for (let i = 0; i < ORDERS; i += 1) {
      const natToken = i % 2 === 0;
      const tokenA = natToken ? natura : usdt;
      const amountA = natToken ? parseUnits(String(1 + (i % 7)), 18) : parseUnits(String(1 + (i % 5)), 6);
      const price = natToken ? BigInt(500_000 + ((i * 7919) % 1_000_000)) : parseUnits(String(0.5 + (i % 13) / 10), 18);
      const data = swapIface.encodeFunctionData('createOrder', [tokenA, amountA, price, i % 3 === 0 ? 'buy' : 'sell']);
      await send(i % makers.length, swap, data);
    }
    // Anvil mines in arrival order: once the last one has a receipt, all have.
    let last = await provider.getTransactionReceipt(hashes.at(-1)!);
    for (let waited = 0; !last && waited < 600; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      last = await provider.getTransactionReceipt(hashes.at(-1)!);
    }
    if (last?.status !== 1) throw new Error('seeding failed: the last order reverted');
    const seedMs = ms(seedStart);

    const tokens = { natura: natura as `0x${string}`, usdt: usdt as `0x${string}` };
    const data = swapIface.encodeFunctionData('getOrders');
    // What the one read costs the node: every order is 6+ cold storage slots copied to memory.
    const READ_GAS = 2_000_000_000n;
    const gasUsed = await provider.estimateGas({ to: swap, data, gasLimit: READ_GAS }).catch(() => null);
    // The app's read as it is (it offers 250 M gas): a node answers it only under its eth_call gas cap
    // (anvil: the 30 M block gas limit; geth/bor default RPCGasCap: 50 M).
    const appRead = await getOrders(provider, swap as `0x${string}`).then(
      (orders) => `ok (${orders.length} orders)`,
      (error: unknown) =>
        `FAILED: ${(error as { info?: { error?: { message?: string } } }).info?.error?.message ?? String(error)}`,
    );
    const reads: number[] = [];
    const decodes: number[] = [];
    const filters: number[] = [];
    const blocksRead: number[] = [];
    const blocksDecode: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run += 1) {
      let start = performance.now();
      const raw = await provider.call({ to: swap, data, gasLimit: READ_GAS });
      reads.push(ms(start));
      start = performance.now();
      // The app's decoding: ABI → SwapOrder[] with ids (src/lib/chain/contracts/swap.ts).
      const orders = await decodeOrdersVia(raw);
      decodes.push(ms(start));
      start = performance.now();
      const shown =
        bookRows(orders, tokens, 'buy', 'natura').length +
        bookRows(orders, tokens, 'buy', 'usdt').length +
        bookRows(orders, tokens, 'sell', 'natura').length +
        bookRows(orders, tokens, 'sell', 'usdt').length +
        listingRows(orders, tokens, makers[0]!.address).length +
        recordRows(orders, tokens, 'all').length +
        recordRows(orders, tokens, 'cancelled').length +
        recordRows(orders, tokens, 'successful').length;
      filters.push(ms(start));
      // The app's read (getOrders: eth_call, answer handling, decode), watched for the longest stretch
      // without an event-loop turn.
      const watched = await withLongestBlock(() => getOrders(provider, swap as `0x${string}`));
      blocksRead.push(watched.longest);
      if (watched.result.length !== orders.length) throw new Error('the watched read disagrees');
      blocksDecode.push((await withLongestBlock(() => decodeOrdersVia(raw))).longest);
      count = orders.length;
      if (shown === 0) throw new Error('unexpected filter result');
    }
    const oneByOne: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 3); run += 1) {
      const start = performance.now();
      const orders = await getOrdersOneByOne(provider, swap as `0x${string}`);
      oneByOne.push(ms(start));
      if (orders.length !== count) throw new Error('the one-by-one read disagrees with getOrders()');
    }
    const f = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`orders on chain: ${count} (seeded ${ORDERS} in ${(seedMs / 1000).toFixed(1)} s)`);
    console.log(`gas of one getOrders() read: ${gasUsed === null ? 'unknown' : gasUsed.toLocaleString('en')}`);
    console.log(`the app's getOrders() on this node: ${appRead}`);
    console.log(`runs: ${RUNS}, medians:`);
    console.log(`  read   (one getOrders eth_call):            ${f(median(reads))}`);
    console.log(`  decode (ABI → SwapOrder[] with ids):       ${f(median(decodes))}`);
    console.log(`  filter (4 book tabs + listings + record×3): ${f(median(filters))}`);
    console.log(
      `  total:                                      ${f(median(reads) + median(decodes) + median(filters))}`,
    );
    console.log(`  fallback (ordersCount + ${count} getOrderById, batched, read + decode): ${f(median(oneByOne))}`);
    console.log(`longest main-thread block (no event-loop turn), median / worst of ${RUNS} runs:`);
    console.log(
      `  app's getOrders() (read, answer, decode):   ${f(median(blocksRead))} / ${f(Math.max(...blocksRead))}`,
    );
    console.log(
      `  decode of bytes already read:               ${f(median(blocksDecode))} / ${f(Math.max(...blocksDecode))}`,
    );
  } finally {
    provider.destroy();
    await anvil.stop();
  }
}

(process.argv[2] === 'incremental' ? incrementalBench() : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
