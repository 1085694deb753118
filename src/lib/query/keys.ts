/**
 * Every React Query key comes from here, so invalidation after a mutation names exactly what
 * a screen reads. Features add their entries; keys are arrays from general to specific.
 */
export const queryKeys = {
  cms: {
    all: ['cms'] as const,
    categories: () => ['cms', 'categories'] as const,
    statuses: () => ['cms', 'nft-statuses'] as const,
    collections: (params: Record<string, unknown> = {}) => ['cms', 'collections', params] as const,
    collection: (id: number) => ['cms', 'collection', id] as const,
    nfts: (params: Record<string, unknown> = {}) => ['cms', 'nfts', params] as const,
    nft: (id: number) => ['cms', 'nft', id] as const,
    transactions: (params: Record<string, unknown> = {}) => ['cms', 'transactions', params] as const,
    authors: (id: number) => ['cms', 'author', id] as const,
    avatar: (userId: number) => ['cms', 'avatar', userId] as const,
    naturaBalances: () => ['cms', 'natura-balances'] as const,
    /** The operator's verified collection rows, as the name check's judge (lib/trust/use-collection-trust.ts). */
    verifiedCollections: () => ['cms', 'verified-collections'] as const,
    /** Prefixes for invalidating every list of a kind after a write. */
    collectionLists: () => ['cms', 'collections'] as const,
    nftLists: () => ['cms', 'nfts'] as const,
    transactionLists: () => ['cms', 'transactions'] as const,
  },
  chain: {
    all: ['chain'] as const,
    marketItems: () => ['chain', 'market-items'] as const,
    /** The existing marketplace items with one token id (any collection); under marketItems() so writes refresh it. */
    sameTokenItems: (tokenId: string) => ['chain', 'market-items', 'same-token', tokenId] as const,
    ownerOf: (contract: string, tokenId: string) => ['chain', 'owner-of', contract.toLowerCase(), tokenId] as const,
    /** The ERC-2981 royalty of a sale of `tokenId` at `price` (USDT base units), as a deployed-system.md §C9.1 split. */
    saleRoyalty: (contract: string, tokenId: string, price: string) =>
      ['chain', 'sale-royalty', contract.toLowerCase(), tokenId, price] as const,
    /** What an account has allowed the app's contracts to take (the Permissions page). */
    permissions: (account: string) => ['chain', 'permissions', account.toLowerCase()] as const,
    /** The chain's price (and split) of a mint or buy; mode '' while the page does not know which. */
    checkoutTerms: (mode: string, contract: string, tokenId: string) =>
      ['chain', 'checkout-terms', mode, contract.toLowerCase(), tokenId] as const,
    /** Every event of a trusted collection's tokens, sales priced (src/lib/chain/history); '' = not read. */
    collectionHistory: (contract: string) => ['chain', 'history', 'collection', contract.toLowerCase()] as const,
    /** One token's events, timed, its mint priced; `newest` = the collection history's newest event it was built on. */
    tokenActivity: (contract: string, tokenId: string, newest: string) =>
      ['chain', 'history', 'token', contract.toLowerCase(), tokenId, newest] as const,
    /** Unix seconds of blocks (history entries' times). */
    blockTimes: (blocks: readonly number[]) =>
      ['chain', 'history', 'block-times', [...blocks].sort((a, b) => a - b)] as const,
    /** `cost()` of a collection contract (USDT base units): the price a mintable token shows. */
    mintCost: (contract: string) => ['chain', 'mint-cost', contract.toLowerCase()] as const,
    staking: (account: string) => ['chain', 'staking', account.toLowerCase()] as const,
    /** The account's staking payouts from chain history; under staking(account) so claims and unstakes refresh it. */
    stakingClaims: (account: string) => ['chain', 'staking', account.toLowerCase(), 'claims'] as const,
    /** An account's activity from chain history (profile Activity tab). */
    accountActivity: (account: string) => ['chain', 'account-activity', account.toLowerCase()] as const,
    swapOrders: () => ['chain', 'swap-orders'] as const,
    /** The swap's fills from chain history (times, prices); under swapOrders() so every swap write refreshes it. */
    swapTrades: () => ['chain', 'swap-orders', 'trades'] as const,
    /** The taker's allowance to the swap contract; under swapOrders() so every swap write refreshes it. */
    swapAllowance: (account: string, orderId: number) =>
      ['chain', 'swap-orders', 'allowance', account.toLowerCase(), orderId] as const,
    /** An account's balances of the two swap tokens; under swapOrders() so every swap write refreshes them. */
    swapBalances: (account: string) => ['chain', 'swap-orders', 'balances', account.toLowerCase()] as const,
    dashboard: () => ['chain', 'dashboard'] as const,
    /** One of the dashboard's own reads (a Natura figure, rewards claimed, the latest swap). */
    dashboardRead: (read: string) => ['chain', 'dashboard', read] as const,
    stakingPools: () => ['chain', 'staking-pools'] as const,
    /** USDT, Natura and native-coin balances of `account` (the My Wallet menu). */
    walletBalances: (account: string) => ['chain', 'wallet-balances', account.toLowerCase()] as const,
    /** The staking page's four pools: collection, today's reward per day, how many are staked. */
    stakingPoolSummary: () => ['chain', 'staking-pool-summary'] as const,
    rewardPool: () => ['chain', 'staking-reward-pool'] as const,
    /** maxSupply and cost of NFT collection contracts; addresses in any order or case. */
    collectionContracts: (addresses: readonly string[]) =>
      ['chain', 'collection-contracts', [...new Set(addresses.map((a) => a.toLowerCase()))].sort()] as const,
  },
  indexer: {
    all: ['indexer'] as const,
    walletNfts: (account: string, scope: string) => ['indexer', 'wallet-nfts', account.toLowerCase(), scope] as const,
    /** Prefix of every page of `account`'s wallet NFTs, whatever the scope (refresh after a stake / unstake). */
    walletNftLists: (account: string) => ['indexer', 'wallet-nfts', account.toLowerCase()] as const,
    /** Metadata of a set of tokens ("contract:id" keys, any order). */
    nftsMetadata: (refs: readonly string[]) => ['indexer', 'metadata', [...refs].sort()] as const,
  },
} as const;
