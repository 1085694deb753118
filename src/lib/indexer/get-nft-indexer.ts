import { getConfig, type AppConfig } from '@/config/env';
import type { IndexedNft, NftIndexer, WalletNftsQuery } from '@/lib/indexer/nft-indexer';

/**
 * Picks the indexer source, loading only that one: Moralis when `VITE_INDEXER_API_KEY` is set,
 * otherwise the keyless on-chain source (the local stack's default). Only lazily loaded screens
 * call this, so neither source nor ethers reaches the first-load bundle.
 */

export type NftIndexerSource = 'moralis' | 'onchain';

export function nftIndexerSource(config: AppConfig = getConfig()): NftIndexerSource {
  return config.indexer.apiKey ? 'moralis' : 'onchain';
}

export async function getNftIndexer(config: AppConfig = getConfig()): Promise<NftIndexer> {
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
  // Only the app's trusted collections (pools + VITE_TRUSTED_COLLECTIONS) are ever read: a CMS row
  // cannot make a visitor's browser call another contract or fetch its metadata (deployed-system.md §C9.5).
  const trusted = config.trustedCollections;
  return createOnChainIndexer({
    runner: getReadProvider(),
    ipfsGateway: config.ipfsGateway,
    knownContracts: () => Promise.resolve(trusted),
    onlyContracts: trusted,
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
