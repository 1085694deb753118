/**
 * Which e2e spec uses which dev account and which token ids, per collection: the one place to look before a spec
 * takes a token or an account. The e2e specs share one chain and one CMS and run one after the other
 * (playwright.config.ts), so a token minted, listed or sold by one spec must not be one another spec expects in
 * its seeded state. The specs read their token ids and account indexes from here, and
 * tests/unit/e2e-reservations.test.ts fails when two specs reserve the same (collection, token id) or when an
 * account one spec keeps for itself (`exclusive`) is listed by another.
 *
 * Accounts are the anvil mnemonic's dev accounts (deployed-system.md §C2); #2 is the default test wallet
 * (fixtures.ts), seeded with USDT and Natura. `shared`: several specs sign in or send from it, none relies on its
 * balances staying put. Specs that need untouched balances use fresh random accounts (anvil_setBalance + the USDT
 * faucet), which need no entry here. Not listed: tokens a spec picks at run time from the seeded deployment
 * (browsing.spec's collection with a listed, a minted and an unminted token; faults-services.spec's first listed
 * token) — they only read.
 */

export type CollectionKey =
  'savanna-echoes' | 'coral-guardians' | 'desert-bloom' | 'terra-genesis' | 'alpine-spirits' | 'amazon-canopy';

export interface AccountReservation {
  /** Index in the deployment's dev accounts. */
  index: number;
  use: 'exclusive' | 'shared';
}

export interface SpecReservation {
  accounts: Record<string, AccountReservation>;
  /** Token ids by collection; a list reserves every id in it. */
  tokens: Partial<Record<CollectionKey, Record<string, number | readonly number[]>>>;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The `wallet` fixture's account (fixtures.ts). */
export const DEFAULT_WALLET = { index: 2, use: 'shared' } as const;

export const RESERVATIONS = {
  'accessibility.spec.ts': { accounts: { wallet: DEFAULT_WALLET }, tokens: {} },
  'browsing.spec.ts': {
    accounts: {},
    // Read only: the detail page of a seeded, minted token.
    tokens: { 'savanna-echoes': { localChainDetail: 3 } },
  },
  'checkout.spec.ts': {
    accounts: {
      buyer: DEFAULT_WALLET,
      secondViewer: { index: 3, use: 'shared' },
      royaltySeller: { index: 5, use: 'exclusive' },
      royaltyBuyer: { index: 6, use: 'exclusive' },
    },
    tokens: {
      'savanna-echoes': { mint: 4, buy: 1, cmsDownMint: 5 },
      // networkFee: the prompt is declined, the token stays unminted.
      'desert-bloom': { reloadBuy: 2, networkFee: 4, royaltySplit: 46 },
    },
  },
  'checkout-guards.spec.ts': {
    accounts: {},
    tokens: { 'desert-bloom': { doubleSale: 93, chainSwitch: 94 } },
  },
  'cms-interop.spec.ts': {
    accounts: { wallet: DEFAULT_WALLET },
    tokens: { 'amazon-canopy': { checksummedListing: 4 } },
  },
  'collection-browse.spec.ts': {
    // A fresh account mints and lists these inside an EVM snapshot, reverted after the spec.
    accounts: {},
    tokens: { 'desert-bloom': { listed: [30, 31, 32, 33] } },
  },
  'dashboard.spec.ts': {
    // The swap trade on the chain is undone afterwards (evm_revert).
    accounts: { swapMaker: { index: 4, use: 'shared' }, swapTaker: { index: 3, use: 'shared' } },
    tokens: {},
  },
  'delivery.spec.ts': { accounts: { wallet: DEFAULT_WALLET }, tokens: {} },
  'dev-build.spec.ts': { accounts: {}, tokens: {} },
  'faults-outbox.spec.ts': {
    accounts: { wallet: DEFAULT_WALLET, otherSession: { index: 8, use: 'shared' } },
    // storageFull is minted here; ownRows are CMS rows taken one by one from `ownRowsFrom` (77–89 are this spec's).
    tokens: { 'desert-bloom': { storageFull: 77, ownRowsFrom: 80, all: range(77, 89) } },
  },
  'faults-pending.spec.ts': {
    accounts: { owner: DEFAULT_WALLET },
    tokens: { 'desert-bloom': { pendingBadge: 90, confirmedPurchase: 91, pendingCount: 92 } },
  },
  'faults-services.spec.ts': {
    accounts: { wallet: DEFAULT_WALLET },
    // Its CMS price is written and put back.
    tokens: { 'amazon-canopy': { badRow: 2 } },
  },
  'faults-wallet-tx.spec.ts': {
    accounts: {},
    tokens: { 'desert-bloom': { spedUp: 73, cancelled: 74, notMined: 75 } },
  },
  'forms.spec.ts': { accounts: {}, tokens: {} },
  'language.spec.ts': { accounts: {}, tokens: {} },
  'amount-display.spec.ts': {
    // A fresh account makes the order and signs in; the default wallet only sends it Natura.
    accounts: { naturaSource: DEFAULT_WALLET },
    tokens: {},
  },
  'history-activity.spec.ts': {
    // Fresh random accounts act; the default wallet only sends them Natura.
    accounts: { naturaSource: DEFAULT_WALLET },
    tokens: { 'amazon-canopy': { claimHistory: 27 }, 'desert-bloom': { profileActivity: 60 } },
  },
  'history-nft.spec.ts': {
    // Signs in only to write CMS rows; every trade is made by fresh accounts.
    accounts: { cmsWriter: DEFAULT_WALLET },
    tokens: {
      'desert-bloom': { listedCard: 65, activity: 66, notForSale: 67, statsSold: 68, statsListed: 69 },
      'coral-guardians': { forged: 37 },
    },
  },
  'layout-shift.spec.ts': { accounts: {}, tokens: {} },
  'live-pages.spec.ts': {
    accounts: { maker: { index: 1, use: 'shared' }, taker: { index: 4, use: 'shared' } },
    tokens: {},
  },
  'listing.spec.ts': {
    accounts: {
      italianSeller: { index: 9, use: 'exclusive' },
      releaser: { index: 7, use: 'shared' },
      appWallet: { index: 8, use: 'shared' },
    },
    tokens: {
      'desert-bloom': {
        italianPrice: 40,
        releaseRefused: 45,
        oldItemId: 96,
        sameTokenIdOther: 49,
        sameTokenIdLater: 48,
        brickedListed: 98,
        brickedDoubleSale: 99,
      },
      'terra-genesis': { sameTokenIdRefused: 49, sameTokenIdFlagged: 48 },
    },
  },
  'performance.spec.ts': { accounts: {}, tokens: {} },
  'phone-header.spec.ts': { accounts: { wallet: DEFAULT_WALLET }, tokens: {} },
  'profile.spec.ts': {
    accounts: { seller: DEFAULT_WALLET, buyer: { index: 4, use: 'shared' } },
    tokens: { 'savanna-echoes': { listAndSell: 24 }, 'coral-guardians': { listAndRelease: 39 } },
  },
  'rpc-failover.spec.ts': { accounts: {}, tokens: {} },
  'screens.spec.ts': { accounts: { wallet: DEFAULT_WALLET }, tokens: {} },
  'selling.spec.ts': {
    // Fresh random accounts mint, list and release these (issue 40.1–2).
    accounts: {},
    tokens: { 'desert-bloom': { detailList: 50, changePrice: 51, bulkList: [52, 53, 54], bulkRelease: [55, 56] } },
  },
  'staking.spec.ts': {
    accounts: { staker: { index: 3, use: 'shared' } },
    tokens: {
      'terra-genesis': { staked: 3 },
      'coral-guardians': { staked: 2 },
      // Staked in the seed; claimed together with coral-guardians #2.
      'alpine-spirits': { seededStake: 3 },
    },
  },
  'staking-limits.spec.ts': {
    accounts: { staker: { index: 1, use: 'shared' }, poolOwner: { index: 0, use: 'shared' } },
    // The seeded stake, and the token above the pool's supply (terra-genesis is left with maxSupply 51).
    tokens: { 'terra-genesis': { seededStake: 4, aboveSupply: 51 } },
  },
  'swap-market.spec.ts': {
    // Fresh random accounts inside an evm_snapshot it reverts; Natura for them comes from the default wallet.
    accounts: { naturaSource: DEFAULT_WALLET },
    tokens: {},
  },
  // Maker of the orders whose reads are counted; the 1 000 closed orders are a fresh account's, reverted after.
  'swap-book-scale.spec.ts': { accounts: { maker: { index: 1, use: 'shared' } }, tokens: {} },
  'swap.spec.ts': {
    accounts: { maker: { index: 1, use: 'shared' }, taker: { index: 4, use: 'shared' } },
    tokens: {},
  },
  'trust.spec.ts': {
    accounts: { buyer: DEFAULT_WALLET, untrustedDeployer: { index: 7, use: 'shared' } },
    // #5 for the re-pointed row and the stale price, #6 for Revoke: unminted, touched by no other spec.
    tokens: { 'desert-bloom': { repointedAndStalePrice: 5, revoke: 6 } },
  },
  'wallet-batch.spec.ts': {
    // Fresh random accounts mint and trade; the default wallet only sends the order's maker Natura.
    accounts: { naturaSource: DEFAULT_WALLET },
    // CMS rows created here, minted through the app: one batched, one in steps, one batched across a reload.
    tokens: { 'desert-bloom': { oneConfirmation: 57, steps: 58, reload: 59 } },
  },
  'wallet.spec.ts': {
    accounts: { wallet: DEFAULT_WALLET, switchedTo: { index: 3, use: 'shared' } },
    tokens: {},
  },
} as const satisfies Record<string, SpecReservation>;

export type SpecName = keyof typeof RESERVATIONS;

/** A spec's own reservations. */
export function reserved<S extends SpecName>(spec: S): (typeof RESERVATIONS)[S] {
  return RESERVATIONS[spec];
}

/**
 * Every clash in `registry`: a (collection, token id) reserved by two specs, or an account one spec keeps
 * `exclusive` that another spec lists too. Empty when the reservations are disjoint.
 */
export function reservationConflicts(registry: Record<string, SpecReservation>): string[] {
  const conflicts: string[] = [];
  const tokenOwner = new Map<string, string>();
  const accountUsers = new Map<number, { spec: string; use: AccountReservation['use'] }[]>();
  for (const [spec, reservation] of Object.entries(registry)) {
    for (const [collection, ids] of Object.entries(reservation.tokens)) {
      for (const value of Object.values(ids ?? {})) {
        for (const id of typeof value === 'number' ? [value] : value) {
          const key = `${collection} #${id}`;
          const owner = tokenOwner.get(key);
          if (owner && owner !== spec) conflicts.push(`${key}: reserved by ${owner} and ${spec}`);
          else tokenOwner.set(key, spec);
        }
      }
    }
    const indexes = new Map<number, AccountReservation['use']>();
    for (const account of Object.values(reservation.accounts)) {
      if (indexes.get(account.index) !== 'exclusive') indexes.set(account.index, account.use);
    }
    for (const [index, use] of indexes) accountUsers.set(index, [...(accountUsers.get(index) ?? []), { spec, use }]);
  }
  for (const [index, users] of accountUsers) {
    const exclusive = users.filter((user) => user.use === 'exclusive');
    if (exclusive.length > 0 && users.length > 1)
      conflicts.push(
        `account #${index}: ${exclusive.map((user) => user.spec).join(', ')} keeps it exclusive, but ${users
          .map((user) => user.spec)
          .join(', ')} use it`,
      );
  }
  return conflicts;
}
