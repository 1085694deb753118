import { z } from 'zod/mini';

/**
 * Every deployment-specific value comes from a `VITE_*` variable, parsed once at start-up.
 * A missing or malformed value throws a ConfigError naming each offending variable, which
 * the root renders as an error screen instead of a blank page. zod/mini keeps the validator
 * out of the first-load budget's way.
 */

const text = () => z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

const address = z.pipe(
  z.string().check(z.trim(), z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')),
  z.transform((value) => value as `0x${string}`),
);

const httpUrl = z.string().check(z.trim(), z.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'));

/**
 * A comma- or space-separated list whose every item matches `pattern` (empty or missing is an empty list); each
 * match becomes an entry through `entry`. `expected` names the form in the error message.
 */
function listOf<T>(pattern: RegExp, expected: string, entry: (match: RegExpExecArray) => T) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      const items = (value ?? '').split(/[\s,]+/).filter(Boolean);
      const matches = items.map((item) => pattern.exec(item));
      const bad = items.filter((_, index) => !matches[index]);
      if (bad.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `must list ${expected}, separated by commas (not ${bad.join(', ')})`,
        });
      }
      return matches.flatMap((match) => (match ? [entry(match)] : []));
    }),
  );
}

const HEX_ADDRESS = '0x[0-9a-fA-F]{40}';
const asAddress = (value: string | undefined) => (value ?? '') as `0x${string}`;

/** Read nodes. */
const httpUrlList = listOf(/^https?:\/\/\S+$/, 'http(s) URLs', (match) => match[0]);

const addressList = listOf(new RegExp(`^${HEX_ADDRESS}$`), '0x-prefixed 20-byte hex addresses', (match) =>
  asAddress(match[0]),
);

/** For each trusted contract, the id of the one CMS collection row that is its verified page. */
const verifiedPairs = listOf(
  new RegExp(`^(${HEX_ADDRESS})=([1-9]\\d{0,9})$`),
  'contract=CMS-collection-id pairs such as 0xAbC…123=4',
  (match) => ({ contract: asAddress(match[1]), collectionId: Number(match[2]) }),
);

const blockNumber = z.coerce.number().check(z.int(), z.nonnegative());

/** The block each contract was deployed in. */
const startBlockList = listOf(
  new RegExp(`^(${HEX_ADDRESS})=(\\d{1,12})$`),
  'contract=block pairs such as 0xAbC…123=28000000',
  (match) => ({ contract: asAddress(match[1]), block: Number(match[2]) }),
);

const optionalText = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((value) => (value ? value : undefined)),
);

const flag = z.pipe(
  z.optional(z.enum(['true', 'false', '1', '0', ''])),
  z.transform((value) => value === 'true' || value === '1'),
);

const rawSchema = z.object({
  VITE_CMS_URL: httpUrl,
  /** Read nodes, comma-separated, the preferred first (rpc-nodes.ts); VITE_RPC_URL (one node) is still accepted. */
  VITE_RPC_URLS: httpUrlList,
  VITE_RPC_URL: z.optional(httpUrl),
  VITE_CHAIN_ID: z.coerce.number().check(z.int(), z.positive()),
  VITE_CHAIN_NAME: text(),
  VITE_NATIVE_CURRENCY: z._default(text(), 'POL'),
  /** Empty or missing: the chain has no block explorer (the local stack's anvil) and no explorer link is shown. */
  VITE_EXPLORER_URL: z.pipe(
    z.optional(z.string().check(z.trim(), z.regex(/^(https?:\/\/[^\s]+)?$/, 'must be an http(s) URL or empty'))),
    z.transform((value) => (value ? value : undefined)),
  ),
  VITE_USDT_ADDRESS: address,
  VITE_NATURA_ADDRESS: address,
  VITE_MARKETPLACE_ADDRESS: address,
  VITE_STAKING_ADDRESS: address,
  VITE_STAKING_HELPER_ADDRESS: address,
  VITE_SWAP_ADDRESS: address,
  VITE_STAKING_POOL_0: address,
  VITE_STAKING_POOL_1: address,
  VITE_STAKING_POOL_2: address,
  VITE_STAKING_POOL_3: address,
  VITE_BURN_ADDRESS: z._default(address, '0x000000000000000000000000000000000000dEaD'),
  VITE_HIDDEN_NFT_ADDRESS: z.optional(address),
  VITE_TRUSTED_COLLECTIONS: addressList,
  VITE_VERIFIED_COLLECTIONS: verifiedPairs,
  /** The block the marketplace was deployed in (or any earlier one): where its event scans start. */
  VITE_MARKETPLACE_START_BLOCK: z.optional(blockNumber),
  /** Deployment blocks of the contracts whose history is read (`address:block,…`); a missing one is searched for. */
  VITE_START_BLOCKS: startBlockList,
  /** Blocks behind the newest that history reads every time and never caches (a reorganised tail cannot stick). */
  VITE_LOG_FINALITY_BLOCKS: z._default(blockNumber, 32),
  /** The widest block range one eth_getLogs asks for; a node that refuses it gets halves. */
  VITE_LOG_BLOCK_RANGE: z._default(z.coerce.number().check(z.int(), z.positive()), 10_000),
  VITE_INDEXER_URL: z._default(httpUrl, 'https://deep-index.moralis.io/api/v2'),
  VITE_INDEXER_CHAIN: z._default(text(), 'polygon'),
  VITE_INDEXER_API_KEY: optionalText,
  VITE_WALLETCONNECT_PROJECT_ID: text(),
  VITE_IPFS_GATEWAY: z._default(httpUrl, 'https://ipfs.io/ipfs/'),
  VITE_CONTACT_EMAIL: z.email(),
  VITE_DEV_WALLET: flag,
});

export type Address = `0x${string}`;

export interface StakingPool {
  pid: number;
  address: Address;
}

interface VerifiedCollection {
  contract: Address;
  /** The Strapi id of the operator's row: the one identifier the deployed CMS never changes (names are editable). */
  collectionId: number;
}

export interface AppConfig {
  cmsUrl: string;
  /** The first read node: what a wallet is offered when it adds the chain, and the dev wallet's node. */
  rpcUrl: string;
  /** Every read node, preferred first (src/lib/chain/rpc-nodes.ts). */
  rpcUrls: string[];
  chainId: number;
  chainName: string;
  nativeCurrency: string;
  /**
   * Always ends with a slash: links are built as `${explorerUrl}address/${addr}`. Undefined when the
   * chain has no explorer (the local stack): screens then show no explorer link.
   */
  explorerUrl: string | undefined;
  addresses: {
    usdt: Address;
    natura: Address;
    marketplace: Address;
    staking: Address;
    stakingHelper: Address;
    swap: Address;
    burn: Address;
    hiddenNft: Address | undefined;
  };
  stakingPools: StakingPool[];
  /**
   * Where the marketplace's `MarketItemCreated` scans begin and how many blocks one eth_getLogs covers at most
   * (deployed-system.md §C9.1a): the listings' fallback read and the listing's safety check.
   */
  marketplaceLogs: { startBlock: number; maxRange: number };
  /**
   * Chain history (src/lib/chain/history): configured deployment blocks by lower-case address, the widest
   * eth_getLogs range, and how many of the newest blocks are read each time instead of cached.
   */
  history: { startBlocks: ReadonlyMap<string, number>; maxRange: number; finality: number };
  /**
   * The NFT collection contracts the app mints on, shows as verified and enumerates without an
   * indexer key: the four staking pools, then `VITE_TRUSTED_COLLECTIONS` (deployed-system.md §C9.5).
   */
  trustedCollections: Address[];
  /**
   * For each trusted contract, the CMS collection row that is its verified page (`VITE_VERIFIED_COLLECTIONS`).
   * Every other row naming a trusted contract is a copy; a trusted contract without a pair has no verified row.
   */
  verifiedCollections: VerifiedCollection[];
  indexer: { url: string; chain: string; apiKey: string | undefined };
  walletConnectProjectId: string;
  ipfsGateway: string;
  contactEmail: string;
  /** Local profile only: offers the anvil-backed dev wallet. */
  devWallet: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A pair only means something for a trusted contract (a typo would otherwise silently verify nothing), and
 * "exactly one verified row per contract" rules out a second pair for the same contract.
 */
function verifiedPairsProblem(pairs: VerifiedCollection[], trusted: Map<string, Address>): string | undefined {
  const seen = new Set<string>();
  for (const { contract } of pairs) {
    const key = contract.toLowerCase();
    if (!trusted.has(key)) return `names ${contract}, which is neither a staking pool nor in VITE_TRUSTED_COLLECTIONS`;
    if (seen.has(key)) return `names ${contract} twice: each trusted contract has exactly one verified collection`;
    seen.add(key);
  }
  return undefined;
}

export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const result = rawSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(unknown)'),
        message: raw[String(issue.path[0])] === undefined ? 'is missing' : issue.message,
      })),
    );
  }
  const v = result.data;
  const rpcUrls = v.VITE_RPC_URLS.length > 0 ? v.VITE_RPC_URLS : v.VITE_RPC_URL ? [v.VITE_RPC_URL] : [];
  const [rpcUrl] = rpcUrls;
  if (!rpcUrl) throw new ConfigError([{ variable: 'VITE_RPC_URLS', message: 'is missing (or set VITE_RPC_URL)' }]);
  const pools = [v.VITE_STAKING_POOL_0, v.VITE_STAKING_POOL_1, v.VITE_STAKING_POOL_2, v.VITE_STAKING_POOL_3];
  const trusted = new Map<string, Address>();
  for (const contract of [...pools, ...v.VITE_TRUSTED_COLLECTIONS]) trusted.set(contract.toLowerCase(), contract);
  const verifiedProblem = verifiedPairsProblem(v.VITE_VERIFIED_COLLECTIONS, trusted);
  if (verifiedProblem) throw new ConfigError([{ variable: 'VITE_VERIFIED_COLLECTIONS', message: verifiedProblem }]);
  return {
    cmsUrl: withoutSlash(v.VITE_CMS_URL),
    rpcUrl,
    rpcUrls,
    chainId: v.VITE_CHAIN_ID,
    chainName: v.VITE_CHAIN_NAME,
    nativeCurrency: v.VITE_NATIVE_CURRENCY,
    explorerUrl: v.VITE_EXPLORER_URL ? withSlash(v.VITE_EXPLORER_URL) : undefined,
    addresses: {
      usdt: v.VITE_USDT_ADDRESS,
      natura: v.VITE_NATURA_ADDRESS,
      marketplace: v.VITE_MARKETPLACE_ADDRESS,
      staking: v.VITE_STAKING_ADDRESS,
      stakingHelper: v.VITE_STAKING_HELPER_ADDRESS,
      swap: v.VITE_SWAP_ADDRESS,
      burn: v.VITE_BURN_ADDRESS,
      hiddenNft: v.VITE_HIDDEN_NFT_ADDRESS,
    },
    stakingPools: pools.map((poolAddress, pid) => ({ pid, address: poolAddress })),
    marketplaceLogs: { startBlock: v.VITE_MARKETPLACE_START_BLOCK ?? 0, maxRange: v.VITE_LOG_BLOCK_RANGE },
    history: {
      startBlocks: new Map([
        ...(v.VITE_MARKETPLACE_START_BLOCK === undefined
          ? []
          : [[v.VITE_MARKETPLACE_ADDRESS.toLowerCase(), v.VITE_MARKETPLACE_START_BLOCK] as const]),
        ...v.VITE_START_BLOCKS.map(({ contract, block }) => [contract.toLowerCase(), block] as const),
      ]),
      maxRange: v.VITE_LOG_BLOCK_RANGE,
      finality: v.VITE_LOG_FINALITY_BLOCKS,
    },
    trustedCollections: [...trusted.values()],
    verifiedCollections: v.VITE_VERIFIED_COLLECTIONS,
    indexer: { url: withoutSlash(v.VITE_INDEXER_URL), chain: v.VITE_INDEXER_CHAIN, apiKey: v.VITE_INDEXER_API_KEY },
    walletConnectProjectId: v.VITE_WALLETCONNECT_PROJECT_ID,
    ipfsGateway: withSlash(v.VITE_IPFS_GATEWAY),
    contactEmail: v.VITE_CONTACT_EMAIL,
    devWallet: v.VITE_DEV_WALLET,
  };
}

let cached: AppConfig | undefined;

/**
 * The validated configuration; throws ConfigError on the first call when it is invalid. Outside Vite (a Node script
 * running the app's modules, scripts/bench/history.ts) the values come from the process environment.
 */
export function getConfig(): AppConfig {
  cached ??= parseConfig(
    import.meta.env ?? (globalThis as { process?: { env: Record<string, unknown> } }).process?.env ?? {},
  );
  return cached;
}
