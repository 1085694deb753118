/**
 * Deploys the reference contracts to a local chain and seeds them with demo state, then writes
 * contracts/deployments/local.json (shape: docs/local-stack.md) and .env.localstack.
 *
 * Deterministic: everything is sent from fixed anvil dev accounts in a fixed order, so a fresh
 * chain always yields the same addresses, item ids and order ids. Fast: transactions are signed
 * locally with explicit nonces and gas limits and sent back to back (no estimation, no waiting);
 * receipts are checked once at the end. This relies on the node mining in arrival order (anvil
 * automine; `startAnvil` also passes `--order fifo`).
 *
 * CLI: `tsx contracts/deploy/deploy.ts` — RPC from RPC_URL or ANVIL_PORT (default 8545),
 * CMS_URL (default http://127.0.0.1:1337), DEPLOYMENT_FILE (default contracts/deployments/local.json),
 * LOCALSTACK_ENV_FILE (default <repo>/.env.localstack).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HDNodeWallet, Interface, JsonRpcProvider, getCreateAddress, parseUnits, type InterfaceAbi } from 'ethers';
import { compileContracts, getArtifact, type ArtifactsFile } from '../scripts/compile.ts';
import { ANVIL_CHAIN_ID, ANVIL_MNEMONIC } from '../lib/anvil.ts';

// ---------------------------------------------------------------------------------------------
// Deployment file types (docs/local-stack.md)

export type TokenState = 'minted' | 'listed' | 'unminted' | 'staked';

export interface DeployedToken {
  tokenId: number;
  state: TokenState;
  /** Chain owner; for "listed" the seller, for "staked" the staker; null when unminted. */
  owner: string | null;
  /** Marketplace item id when listed, else null. */
  itemId: number | null;
  /** USDT base units: list price when listed, else the collection's mint cost. */
  price: string;
}

export interface DeployedCollection {
  key: string;
  name: string;
  symbol: string;
  address: string;
  pid: number | null;
  cost: string;
  maxSupply: number;
  royaltyBps: number;
  baseURI: string;
  tokens: DeployedToken[];
}

export interface DeployedSwapOrder {
  /** 0-based position in Swap.getOrders(). */
  id: number;
  owner: string;
  tokenA: 'natura' | 'usdt';
  amountA: string;
  price: string;
  orderType: 'sell' | 'buy';
  /** 1 open, 0 filled, 2 cancelled. */
  status: 0 | 1 | 2;
  /** Taker address for filled orders. */
  filledBy: string | null;
}

export interface DevAccount {
  address: string;
  privateKey: string;
}

export interface Deployment {
  chainId: number;
  rpcUrl: string;
  deployer: string;
  feeCollector: string;
  contracts: {
    usdt: string;
    natura: string;
    marketplace: string;
    staking: string;
    stakingHelper: string;
    swap: string;
  };
  collections: DeployedCollection[];
  swapOrders: DeployedSwapOrder[];
  accounts: DevAccount[];
  /** A block at or before the marketplace's deployment: where the app's MarketItemCreated scans start. */
  marketplaceStartBlock: number;
}

export interface DeployOptions {
  rpcUrl: string;
  /** Base of the NFT metadata URLs; default CMS_URL env or http://127.0.0.1:1337. */
  cmsUrl?: string;
  /** Where to write the deployment JSON; null = do not write. Default contracts/deployments/local.json. */
  outFile?: string | null;
  /** Where to write the VITE_* env file; null = do not write. Default <repo>/.env.localstack. */
  envFile?: string | null;
  /** Precompiled artifacts (otherwise compiled/cached on demand). */
  artifacts?: ArtifactsFile;
  quiet?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(here, '..', '..');
export const DEFAULT_DEPLOYMENT_FILE = join(REPO_ROOT, 'contracts', 'deployments', 'local.json');
export const DEFAULT_ENV_FILE = join(REPO_ROOT, '.env.localstack');
export const DEFAULT_CMS_URL = 'http://127.0.0.1:1337';

// ---------------------------------------------------------------------------------------------
// Seed plan

const usdt = (human: string): bigint => parseUnits(human, 6);
const nat = (human: string): bigint => parseUnits(human, 18);

/** Owner of a seeded token: index of the anvil dev account (1–3). */
type Holder = 1 | 2 | 3;

interface TokenPlan {
  id: number;
  state: TokenState;
  holder?: Holder;
  /** List price in human USDT (listed tokens). */
  listPrice?: string;
}

interface CollectionPlan {
  key: string;
  name: string;
  symbol: string;
  pid: number | null;
  cost: string;
  maxSupply: number;
  tokens: TokenPlan[];
}

export const ROYALTY_BPS = 700;
/**
 * The admin-set inputs of Natura's price (contracts.md §9.3); the price itself is computed on chain
 * and moves with the staked NFTs' value and the rewards claimed.
 */
export const DASHBOARD = {
  goldReserves: 1_250_000n,
  miscReserves: 350_000n,
  bitcoinReserves: nat('12.5'),
  /** The BTC/USD feed's answer, 8 decimals. */
  btcUsdPrice: 60_000n * 10n ** 8n,
  otherNaturaReleased: nat('1500000'),
  /** Basis points of the supply counted as circulating. */
  circulationPercentage: 300n,
  burned: nat('50000'),
} as const;
/** Natura the staking owner (account #0) lets the staking contract pull as rewards (§9.2). */
export const REWARD_ALLOWANCE = nat('1000000');
export const USDT_PER_ACCOUNT = usdt('100000');
export const NATURA_PER_ACCOUNT = nat('1000000');

/** Every collection numbers its tokens from 1, so token ids are shared across collections. */
const COLLECTIONS: CollectionPlan[] = [
  {
    key: 'terra-genesis',
    name: 'Terra Genesis',
    symbol: 'TGEN',
    pid: 0,
    cost: '25',
    maxSupply: 50,
    tokens: [
      { id: 1, state: 'minted', holder: 1 },
      { id: 2, state: 'listed', holder: 2, listPrice: '30' },
      { id: 3, state: 'minted', holder: 3 },
      { id: 4, state: 'staked', holder: 1 },
      { id: 5, state: 'listed', holder: 1, listPrice: '45' },
      { id: 6, state: 'unminted' },
      { id: 7, state: 'unminted' },
      { id: 8, state: 'unminted' },
    ],
  },
  {
    key: 'amazon-canopy',
    name: 'Amazon Canopy',
    symbol: 'AMZN',
    pid: 1,
    cost: '40',
    maxSupply: 30,
    tokens: [
      { id: 1, state: 'listed', holder: 3, listPrice: '55' },
      { id: 2, state: 'minted', holder: 1 },
      { id: 3, state: 'staked', holder: 2 },
      { id: 4, state: 'minted', holder: 2 },
      { id: 5, state: 'unminted' },
      { id: 6, state: 'unminted' },
    ],
  },
  {
    key: 'coral-guardians',
    name: 'Coral Guardians',
    symbol: 'CORAL',
    pid: 2,
    cost: '15',
    maxSupply: 40,
    tokens: [
      { id: 1, state: 'minted', holder: 2 }, // listed (item 4) and released again
      { id: 2, state: 'minted', holder: 3 },
      { id: 3, state: 'listed', holder: 2, listPrice: '20' },
      { id: 4, state: 'unminted' },
      { id: 5, state: 'unminted' },
    ],
  },
  {
    key: 'alpine-spirits',
    name: 'Alpine Spirits',
    symbol: 'ALPS',
    pid: 3,
    cost: '60',
    maxSupply: 20,
    tokens: [
      { id: 1, state: 'minted', holder: 3 },
      { id: 2, state: 'minted', holder: 1 },
      { id: 3, state: 'staked', holder: 3 },
      { id: 4, state: 'unminted' },
      { id: 5, state: 'unminted' },
    ],
  },
  {
    key: 'savanna-echoes',
    name: 'Savanna Echoes',
    symbol: 'SVNA',
    pid: null,
    cost: '10',
    maxSupply: 25,
    tokens: [
      { id: 1, state: 'listed', holder: 1, listPrice: '12.5' },
      { id: 2, state: 'minted', holder: 2 },
      { id: 3, state: 'minted', holder: 3 },
      { id: 4, state: 'unminted' },
      { id: 5, state: 'unminted' },
    ],
  },
  {
    key: 'desert-bloom',
    name: 'Desert Bloom',
    symbol: 'DSRT',
    pid: null,
    cost: '5',
    maxSupply: 100,
    tokens: [
      { id: 1, state: 'minted', holder: 1 },
      { id: 2, state: 'listed', holder: 3, listPrice: '8' },
      { id: 3, state: 'minted', holder: 1 }, // minted by account 3, sold to account 1 (item 7)
      { id: 4, state: 'unminted' },
      { id: 5, state: 'unminted' },
      { id: 6, state: 'unminted' },
    ],
  },
];

/** Marketplace listings in item-id order (item ids start at 1). */
interface ListingPlan {
  collection: string;
  tokenId: number;
  seller: Holder;
  price: string;
  then?: { release: true } | { buyer: Holder };
}
const LISTINGS: ListingPlan[] = [
  { collection: 'terra-genesis', tokenId: 2, seller: 2, price: '30' },
  { collection: 'terra-genesis', tokenId: 5, seller: 1, price: '45' },
  { collection: 'amazon-canopy', tokenId: 1, seller: 3, price: '55' },
  { collection: 'coral-guardians', tokenId: 1, seller: 2, price: '18', then: { release: true } },
  { collection: 'coral-guardians', tokenId: 3, seller: 2, price: '20' },
  { collection: 'savanna-echoes', tokenId: 1, seller: 1, price: '12.5' },
  { collection: 'desert-bloom', tokenId: 3, seller: 3, price: '6', then: { buyer: 1 } },
  { collection: 'desert-bloom', tokenId: 2, seller: 3, price: '8' },
];
/** Who mints a token when that differs from its final holder (sold tokens). */
const MINTER_OVERRIDES: Record<string, Holder> = { 'desert-bloom#3': 3 };

interface OrderPlan {
  maker: Holder;
  tokenA: 'natura' | 'usdt';
  amount: string;
  price: string;
  orderType: 'sell' | 'buy';
  then?: { cancel: true } | { taker: Holder };
}
/** Swap orders in id order (ids are 0-based positions in getOrders()). */
const ORDERS: OrderPlan[] = [
  { maker: 1, tokenA: 'natura', amount: '1000', price: '1.2', orderType: 'sell' },
  { maker: 2, tokenA: 'natura', amount: '500', price: '1.25', orderType: 'sell', then: { taker: 3 } },
  { maker: 3, tokenA: 'usdt', amount: '300', price: '0.8', orderType: 'buy' },
  { maker: 1, tokenA: 'usdt', amount: '200', price: '0.85', orderType: 'sell', then: { cancel: true } },
  { maker: 2, tokenA: 'natura', amount: '400', price: '1.1', orderType: 'buy' },
  { maker: 3, tokenA: 'natura', amount: '250', price: '1.3', orderType: 'sell' },
  { maker: 1, tokenA: 'usdt', amount: '150', price: '0.78', orderType: 'buy', then: { taker: 2 } },
  { maker: 2, tokenA: 'natura', amount: '100', price: '1.5', orderType: 'sell', then: { cancel: true } },
];

/** Price units (contracts.md §4): tokenA Natura ⇒ USDT base units per NAT; tokenA USDT ⇒ NAT wei per USDT. */
function orderUnits(o: OrderPlan): { amountA: bigint; price: bigint; unitA: bigint } {
  return o.tokenA === 'natura'
    ? { amountA: nat(o.amount), price: usdt(o.price), unitA: 10n ** 18n }
    : { amountA: usdt(o.amount), price: nat(o.price), unitA: 10n ** 6n };
}

/** What a taker pays for an order, in the other token's base units: price × whole tokenA (contracts.md §9.4). */
export function takerCost(amountA: bigint, price: bigint, unitA: bigint): bigint {
  return price * (amountA / unitA);
}

// ---------------------------------------------------------------------------------------------
// Transaction sender

const DEPLOY_GAS = 8_000_000n;
const CALL_GAS = 1_500_000n;
const MAX_FEE = 20_000_000_000n; // 20 gwei; anvil's base fee starts at 1 gwei and falls
const PRIORITY_FEE = 1_000_000_000n;

interface Sent {
  hash: string;
  label: string;
}

class Sender {
  private readonly nonces = new Map<string, number>();
  readonly sent: Sent[] = [];

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly chainId: number,
  ) {}

  async init(wallets: HDNodeWallet[]): Promise<void> {
    const counts = await Promise.all(
      wallets.map((w) => this.provider.send('eth_getTransactionCount', [w.address, 'pending']) as Promise<string>),
    );
    wallets.forEach((w, i) => this.nonces.set(w.address, Number(counts[i])));
  }

  nonceOf(address: string): number {
    const nonce = this.nonces.get(address);
    if (nonce === undefined) throw new Error(`unknown sender ${address}`);
    return nonce;
  }

  async send(from: HDNodeWallet, to: string | null, data: string, label: string): Promise<void> {
    const nonce = this.nonceOf(from.address);
    this.nonces.set(from.address, nonce + 1);
    const raw = await from.signTransaction({
      type: 2,
      chainId: this.chainId,
      nonce,
      to,
      data,
      value: 0n,
      gasLimit: to === null ? DEPLOY_GAS : CALL_GAS,
      maxFeePerGas: MAX_FEE,
      maxPriorityFeePerGas: PRIORITY_FEE,
    });
    const hash = (await this.provider.send('eth_sendRawTransaction', [raw])) as string;
    this.sent.push({ hash, label });
  }

  /** Waits for every sent transaction and throws if any reverted. */
  async confirmAll(): Promise<void> {
    const last = this.sent[this.sent.length - 1];
    if (!last) return;
    const deadline = Date.now() + 60_000;
    while ((await this.provider.send('eth_getTransactionReceipt', [last.hash])) === null) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${last.label}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const receipts = (await Promise.all(
      this.sent.map((s) => this.provider.send('eth_getTransactionReceipt', [s.hash])),
    )) as ({ status: string } | null)[];
    const failed = this.sent.filter((_, i) => receipts[i]?.status !== '0x1');
    if (failed.length > 0) {
      throw new Error(`deploy transactions failed: ${failed.map((f) => `${f.label} (${f.hash})`).join(', ')}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

export function devAccounts(count = 10): HDNodeWallet[] {
  const root = HDNodeWallet.fromPhrase(ANVIL_MNEMONIC, undefined, "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, i) => root.deriveChild(i));
}

/**
 * `VITE_START_BLOCKS` for the local chain: every contract the deployment made, from the block read before the first
 * of them was sent (a start at or before a contract's deployment block reads all of its history).
 */
export function startBlocksEnv(d: Deployment): string {
  const contracts = [...Object.values(d.contracts), ...d.collections.map((c) => c.address)];
  return contracts.map((address) => `${address}=${d.marketplaceStartBlock}`).join(',');
}

function envFileText(d: Deployment, cmsUrl: string): string {
  const pool = (pid: number): string => d.collections.find((c) => c.pid === pid)?.address ?? '';
  const lines = [
    '# Written by contracts/deploy/deploy.ts for `vite --mode localstack`. Do not edit; redeploy instead.',
    '# (The full stack, scripts/stack/stack.ts, rewrites this file with the same keys.)',
    `VITE_RPC_URL=${d.rpcUrl}`,
    `VITE_CHAIN_ID=${d.chainId}`,
    'VITE_CHAIN_NAME=Anvil Local',
    `VITE_USDT_ADDRESS=${d.contracts.usdt}`,
    `VITE_NATURA_ADDRESS=${d.contracts.natura}`,
    `VITE_MARKETPLACE_ADDRESS=${d.contracts.marketplace}`,
    `VITE_MARKETPLACE_START_BLOCK=${d.marketplaceStartBlock}`,
    `VITE_START_BLOCKS=${startBlocksEnv(d)}`,
    `VITE_STAKING_ADDRESS=${d.contracts.staking}`,
    `VITE_STAKING_HELPER_ADDRESS=${d.contracts.stakingHelper}`,
    `VITE_SWAP_ADDRESS=${d.contracts.swap}`,
    `VITE_STAKING_POOL_0=${pool(0)}`,
    `VITE_STAKING_POOL_1=${pool(1)}`,
    `VITE_STAKING_POOL_2=${pool(2)}`,
    `VITE_STAKING_POOL_3=${pool(3)}`,
    `VITE_TRUSTED_COLLECTIONS=${d.collections
      .filter((c) => c.pid === null)
      .map((c) => c.address)
      .join(',')}`,
    // The CMS seed (cms/lib/seed.js) creates the deployment's collections first, in this order, on a fresh
    // database: ids 1, 2, …. The full stack reads the real ids from the running CMS instead.
    `VITE_VERIFIED_COLLECTIONS=${d.collections.map((c, index) => `${c.address}=${index + 1}`).join(',')}`,
    // Non-chain values of the local profile, so `npm run chain` + `vite --mode localstack` starts.
    `VITE_CMS_URL=${cmsUrl}`,
    'VITE_NATIVE_CURRENCY=ETH',
    'VITE_EXPLORER_URL=https://polygonscan.com/',
    'VITE_BURN_ADDRESS=0x000000000000000000000000000000000000dEaD',
    'VITE_INDEXER_URL=https://deep-index.moralis.io/api/v2',
    'VITE_INDEXER_CHAIN=polygon',
    'VITE_INDEXER_API_KEY=',
    'VITE_WALLETCONNECT_PROJECT_ID=terra-mater-local',
    'VITE_IPFS_GATEWAY=https://ipfs.io/ipfs/',
    'VITE_CONTACT_EMAIL=info@terramaternfts.com',
    'VITE_DEV_WALLET=true',
  ];
  return `${lines.join('\n')}\n`;
}

export async function deployAndSeed(options: DeployOptions): Promise<Deployment> {
  const started = Date.now();
  const log = options.quiet ? () => undefined : (msg: string) => console.log(msg);
  const cmsUrl = (options.cmsUrl ?? process.env.CMS_URL ?? DEFAULT_CMS_URL).replace(/\/+$/, '');
  const artifacts = options.artifacts ?? (await compileContracts({ quiet: options.quiet }));

  const provider = new JsonRpcProvider(options.rpcUrl, ANVIL_CHAIN_ID, {
    staticNetwork: true,
    cacheTimeout: -1,
    batchMaxCount: 50,
  });
  try {
    const chainId = Number(await provider.send('eth_chainId', []));
    if (chainId !== ANVIL_CHAIN_ID) throw new Error(`expected chain id ${ANVIL_CHAIN_ID}, got ${chainId}`);

    const wallets = devAccounts(10);
    const [deployer, a1, a2, a3, a4] = wallets;
    const feeCollector = wallets[9];
    if (!deployer || !a1 || !a2 || !a3 || !a4 || !feeCollector) throw new Error('missing dev accounts');
    const holders: Record<Holder, HDNodeWallet> = { 1: a1, 2: a2, 3: a3 };

    const tx = new Sender(provider, chainId);
    await tx.init(wallets.slice(0, 5));
    if (tx.nonceOf(deployer.address) !== 0) {
      log(
        `[deploy] warning: deployer nonce is ${tx.nonceOf(deployer.address)}, addresses will differ from a fresh chain`,
      );
    }

    const iface = (name: string): Interface => new Interface(getArtifact(artifacts, name).abi as InterfaceAbi);
    const deploy = async (name: string, args: unknown[], label = name): Promise<string> => {
      const address = getCreateAddress({ from: deployer.address, nonce: tx.nonceOf(deployer.address) });
      const data = getArtifact(artifacts, name).bytecode + iface(name).encodeDeploy(args).slice(2);
      await tx.send(deployer, null, data, `deploy ${label}`);
      return address;
    };
    const ifaces = {
      usdt: iface('TestUSDT'),
      natura: iface('Natura'),
      market: iface('NFTMarket'),
      staking: iface('TerraStaking'),
      swap: iface('Swap'),
      nft: iface('TerraNFT'),
    };
    const call = (from: HDNodeWallet, to: string, i: Interface, fn: string, args: unknown[]): Promise<void> =>
      tx.send(from, to, i.encodeFunctionData(fn, args), `${fn}(${args.map(String).join(',')}) from ${from.address}`);

    // 1. Core contracts (deployer nonces 0–5) and collections (6–11).
    // Read before the first contract is sent, so the app's event scans start at or before every deployment block.
    const marketplaceStartBlock = await provider.getBlockNumber();
    const usdtAddr = await deploy('TestUSDT', []);
    const naturaAddr = await deploy('Natura', []);
    const marketAddr = await deploy('NFTMarket', [usdtAddr, feeCollector.address]);
    const stakingAddr = await deploy('TerraStaking', [naturaAddr]);
    const helperAddr = await deploy('TerraStakingHelper', [stakingAddr]);
    const swapAddr = await deploy('Swap', [naturaAddr, usdtAddr, deployer.address]);
    const collectionAddr = new Map<string, string>();
    for (const c of COLLECTIONS) {
      const baseURI = `${cmsUrl}/api/nft-metadata/${c.key}/`;
      collectionAddr.set(c.key, await deploy('TerraNFT', [usdtAddr, baseURI, '', ROYALTY_BPS, ''], c.key));
    }
    const col = (key: string): string => {
      const a = collectionAddr.get(key);
      if (!a) throw new Error(`unknown collection ${key}`);
      return a;
    };

    // 2. Configuration.
    for (const c of COLLECTIONS) {
      await call(deployer, col(c.key), ifaces.nft, 'setCollectionInfo', [c.name, c.symbol, c.maxSupply]);
      await call(deployer, col(c.key), ifaces.nft, 'setCost', [usdt(c.cost)]);
      await call(deployer, col(c.key), ifaces.nft, 'reveal', []);
    }
    for (const c of COLLECTIONS.filter((x) => x.pid !== null).sort((x, y) => (x.pid ?? 0) - (y.pid ?? 0))) {
      await call(deployer, stakingAddr, ifaces.staking, 'add', [col(c.key), usdt(c.cost), c.maxSupply]);
    }
    await call(deployer, naturaAddr, ifaces.natura, 'setTerraStaking', [stakingAddr]);
    await call(deployer, naturaAddr, ifaces.natura, '_setBtcUsdPrice', [DASHBOARD.btcUsdPrice]);
    await call(deployer, naturaAddr, ifaces.natura, '_setGoldReserves', [DASHBOARD.goldReserves]);
    await call(deployer, naturaAddr, ifaces.natura, '_setMiscReserves', [DASHBOARD.miscReserves]);
    await call(deployer, naturaAddr, ifaces.natura, '_setBitcoinReserves', [DASHBOARD.bitcoinReserves]);
    await call(deployer, naturaAddr, ifaces.natura, '_setOtherNaturaReleased', [DASHBOARD.otherNaturaReleased]);
    await call(deployer, naturaAddr, ifaces.natura, '_setNaturaCirculationPercentage', [
      DASHBOARD.circulationPercentage,
    ]);
    await call(deployer, swapAddr, ifaces.swap, 'setownerWallet', [feeCollector.address]);

    // 3. Funding: USDT to accounts 0–4, Natura to 1–4 and the burn address; the staking owner's
    //    reward allowance (rewards are pulled from its wallet, §9.2; it keeps ≈96 M NAT).
    for (const w of [deployer, a1, a2, a3, a4]) {
      await call(deployer, usdtAddr, ifaces.usdt, 'mint', [w.address, USDT_PER_ACCOUNT]);
    }
    for (const w of [a1, a2, a3, a4]) {
      await call(deployer, naturaAddr, ifaces.natura, 'transfer', [w.address, NATURA_PER_ACCOUNT]);
    }
    await call(deployer, naturaAddr, ifaces.natura, 'approve', [stakingAddr, REWARD_ALLOWANCE]);
    await call(deployer, naturaAddr, ifaces.natura, 'transfer', [
      '0x000000000000000000000000000000000000dEaD',
      DASHBOARD.burned,
    ]);

    // 4. Mints: each minter approves the total it will spend per collection, then mints.
    for (const c of COLLECTIONS) {
      const byMinter = new Map<Holder, number[]>();
      for (const t of c.tokens) {
        if (t.state === 'unminted' || t.holder === undefined) continue;
        const minter = MINTER_OVERRIDES[`${c.key}#${t.id}`] ?? t.holder;
        byMinter.set(minter, [...(byMinter.get(minter) ?? []), t.id]);
      }
      for (const [minter, ids] of [...byMinter.entries()].sort((x, y) => x[0] - y[0])) {
        const w = holders[minter];
        await call(w, usdtAddr, ifaces.usdt, 'approve', [col(c.key), usdt(c.cost) * BigInt(ids.length)]);
        for (const id of ids) await call(w, col(c.key), ifaces.nft, 'mint', [id, usdt(c.cost)]);
      }
    }
    for (const c of COLLECTIONS) await call(deployer, col(c.key), ifaces.nft, 'withdrawUSDT', []);

    // 5. Marketplace: approvals, listings (item ids 1…), one release and one sale.
    const approvedForMarket = new Set<string>();
    const itemIds = new Map<string, number>();
    for (const [index, l] of LISTINGS.entries()) {
      const seller = holders[l.seller];
      const approvalKey = `${l.collection}:${l.seller}`;
      if (!approvedForMarket.has(approvalKey)) {
        approvedForMarket.add(approvalKey);
        await call(seller, col(l.collection), ifaces.nft, 'setApprovalForAll', [marketAddr, true]);
      }
      await call(seller, marketAddr, ifaces.market, 'createMarketItem', [col(l.collection), l.tokenId, usdt(l.price)]);
      itemIds.set(`${l.collection}#${l.tokenId}`, index + 1);
    }
    for (const [index, l] of LISTINGS.entries()) {
      const itemId = index + 1;
      if (!l.then) continue;
      if ('release' in l.then) {
        await call(holders[l.seller], marketAddr, ifaces.market, 'releaseSale', [itemId]);
        itemIds.delete(`${l.collection}#${l.tokenId}`);
      } else {
        const buyer = holders[l.then.buyer];
        await call(buyer, usdtAddr, ifaces.usdt, 'approve', [marketAddr, usdt(l.price)]);
        await call(buyer, marketAddr, ifaces.market, 'createMarketSale', [col(l.collection), itemId, usdt(l.price)]);
        itemIds.delete(`${l.collection}#${l.tokenId}`);
      }
    }

    // 6. Staking: one batched stake per staker.
    const stakes = new Map<Holder, { pids: number[]; ids: number[]; cols: Set<string> }>();
    for (const c of COLLECTIONS) {
      for (const t of c.tokens) {
        if (t.state !== 'staked' || t.holder === undefined || c.pid === null) continue;
        const s = stakes.get(t.holder) ?? { pids: [], ids: [], cols: new Set<string>() };
        s.pids.push(c.pid);
        s.ids.push(t.id);
        s.cols.add(c.key);
        stakes.set(t.holder, s);
      }
    }
    for (const [holder, s] of [...stakes.entries()].sort((x, y) => x[0] - y[0])) {
      for (const key of s.cols) {
        await call(holders[holder], col(key), ifaces.nft, 'setApprovalForAll', [stakingAddr, true]);
      }
      await call(holders[holder], stakingAddr, ifaces.staking, 'stake', [s.pids, s.ids]);
    }

    // 7. Swap order book: create all orders, then fill / cancel some.
    const tokenAddr = (t: 'natura' | 'usdt'): string => (t === 'natura' ? naturaAddr : usdtAddr);
    const tokenIface = (t: 'natura' | 'usdt'): Interface => (t === 'natura' ? ifaces.natura : ifaces.usdt);
    for (const o of ORDERS) {
      const { amountA, price } = orderUnits(o);
      const maker = holders[o.maker];
      await call(maker, tokenAddr(o.tokenA), tokenIface(o.tokenA), 'approve', [swapAddr, amountA]);
      await call(maker, swapAddr, ifaces.swap, 'createOrder', [tokenAddr(o.tokenA), amountA, price, o.orderType]);
    }
    for (const [id, o] of ORDERS.entries()) {
      if (!o.then) continue;
      if ('cancel' in o.then) {
        await call(holders[o.maker], swapAddr, ifaces.swap, 'cancelOrder', [id]);
      } else {
        const { amountA, price, unitA } = orderUnits(o);
        const other = o.tokenA === 'natura' ? 'usdt' : 'natura';
        const taker = holders[o.then.taker];
        await call(taker, tokenAddr(other), tokenIface(other), 'approve', [swapAddr, takerCost(amountA, price, unitA)]);
        await call(taker, swapAddr, ifaces.swap, 'swap', [id]);
      }
    }

    await tx.confirmAll();

    // 8. Describe the result.
    const collections: DeployedCollection[] = COLLECTIONS.map((c) => ({
      key: c.key,
      name: c.name,
      symbol: c.symbol,
      address: col(c.key),
      pid: c.pid,
      cost: usdt(c.cost).toString(),
      maxSupply: c.maxSupply,
      royaltyBps: ROYALTY_BPS,
      baseURI: `${cmsUrl}/api/nft-metadata/${c.key}/`,
      tokens: c.tokens.map((t) => ({
        tokenId: t.id,
        state: t.state,
        owner: t.holder === undefined ? null : holders[t.holder].address,
        itemId: t.state === 'listed' ? (itemIds.get(`${c.key}#${t.id}`) ?? null) : null,
        price: (t.state === 'listed' && t.listPrice !== undefined ? usdt(t.listPrice) : usdt(c.cost)).toString(),
      })),
    }));
    for (const c of collections) {
      for (const t of c.tokens) {
        if (t.state === 'listed' && t.itemId === null)
          throw new Error(`seed plan: ${c.key}#${t.tokenId} has no listing`);
      }
    }
    const swapOrders: DeployedSwapOrder[] = ORDERS.map((o, id) => {
      const { amountA, price } = orderUnits(o);
      const status = o.then === undefined ? 1 : 'cancel' in o.then ? 2 : 0;
      return {
        id,
        owner: holders[o.maker].address,
        tokenA: o.tokenA,
        amountA: amountA.toString(),
        price: price.toString(),
        orderType: o.orderType,
        status,
        filledBy: o.then !== undefined && 'taker' in o.then ? holders[o.then.taker].address : null,
      };
    });

    const deployment: Deployment = {
      chainId,
      rpcUrl: options.rpcUrl,
      deployer: deployer.address,
      feeCollector: feeCollector.address,
      contracts: {
        usdt: usdtAddr,
        natura: naturaAddr,
        marketplace: marketAddr,
        staking: stakingAddr,
        stakingHelper: helperAddr,
        swap: swapAddr,
      },
      collections,
      swapOrders,
      accounts: wallets.map((w) => ({ address: w.address, privateKey: w.privateKey })),
      marketplaceStartBlock,
    };

    const outFile = options.outFile === undefined ? DEFAULT_DEPLOYMENT_FILE : options.outFile;
    if (outFile !== null) {
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, `${JSON.stringify(deployment, null, 2)}\n`);
    }
    const envFile = options.envFile === undefined ? DEFAULT_ENV_FILE : options.envFile;
    if (envFile !== null) writeFileSync(envFile, envFileText(deployment, cmsUrl));
    log(`[deploy] ${tx.sent.length} transactions in ${Date.now() - started} ms`);
    return deployment;
  } finally {
    provider.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// CLI

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const rpcUrl = process.env.RPC_URL ?? `http://127.0.0.1:${process.env.ANVIL_PORT ?? '8545'}`;
  const outFile = process.env.DEPLOYMENT_FILE ?? DEFAULT_DEPLOYMENT_FILE;
  const envFile = process.env.LOCALSTACK_ENV_FILE ?? DEFAULT_ENV_FILE;
  deployAndSeed({ rpcUrl, outFile, envFile })
    .then((d) => {
      console.log(JSON.stringify(d.contracts, null, 2));
      console.log(`[deploy] wrote ${outFile} and ${envFile}`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
