import { getConfig, type AppConfig } from '@/config/env';
import type { IndexedNft, NftIndexer, WalletNftsQuery } from '@/lib/indexer/nft-indexer';

/**
 * Picks the indexer source, loading only that one: Moralis when `VITE_INDEXER_API_KEY` is set,
 * otherwise the keyless on-chain source (the local stack's default). Only lazily loaded screens
 * call this, so neither source nor ethers reaches the first-load bundle.
 */

export interface NftIndexerOptions {
  /**
   * The CMS collections' contract addresses, for the on-chain source's queries without
   * `contracts` (the profile's Collected tab). The four staking pools are always added.
   * Queries with `contracts` (staking) need nothing.
   */
  collectionContracts?: () => Promise<readonly string[]>;
}

export type NftIndexerSource = 'moralis' | 'onchain';

export function nftIndexerSource(config: AppConfig = getConfig()): NftIndexerSource {
  return config.indexer.apiKey ? 'moralis' : 'onchain';
}

export async function getNftIndexer(
  options: NftIndexerOptions = {},
  config: AppConfig = getConfig(),
): Promise<NftIndexer> {
  const apiKey = config.indexer.apiKey;
  if (apiKey) {
    const { createMoralisIndexer } = await import('@/lib/indexer/moralis-indexer');
    return createMoralisIndexer({
      baseUrl: config.indexer.url,
      chain: config.indexer.chain,
      apiKey,
      ipfsGateway: config.ipfsGateway,
    });
  }
  const [{ createOnChainIndexer }, { getReadProvider }] = await Promise.all([
    import('@/lib/indexer/onchain-indexer'),
    import('@/lib/chain/provider'),
  ]);
  const pools = config.stakingPools.map((pool) => pool.address);
  return createOnChainIndexer({
    runner: getReadProvider(),
    ipfsGateway: config.ipfsGateway,
    knownContracts: async () => [...((await options.collectionContracts?.()) ?? []), ...pools],
  });
}

/**
 * Every NFT of the query, following the cursor until the source says there is no next page
 * (never stopping at a first page or a `total`). A cursor seen twice ends the walk too.
 */
export async function getAllWalletNfts(
  indexer: NftIndexer,
  query: Omit<WalletNftsQuery, 'cursor'>,
): Promise<IndexedNft[]> {
  const items: IndexedNft[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page = await indexer.getWalletNfts({ ...query, cursor });
    items.push(...page.items);
    cursor = page.cursor && !seen.has(page.cursor) ? page.cursor : null;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return items;
}
