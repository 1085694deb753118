import type { Address } from '@/config/env';

/**
 * The NFT indexer: "which NFTs does this wallet hold" and "metadata for these tokens", with one
 * shape whatever answers — Moralis v2 when an API key is configured (deployed-system.md §I2), or the
 * product's own contracts read on chain when it is not (the local stack, users without a key).
 * Screens and features only ever see this interface; `getNftIndexer()` picks the source.
 */

/** One (contract, token id) pair. */
export interface NftRef {
  /** Checksummed or not; compare case-insensitively. */
  contract: Address;
  tokenId: bigint;
}

/** An NFT as every screen reads it, whichever source answered (`contract` in lower case from both). */
export interface IndexedNft extends NftRef {
  /** The token's own name from its metadata (`normalized_metadata.name`), if any. */
  name: string | null;
  /** The contract's (collection's) name (`name` in Moralis, `name()` on chain), if any. */
  collectionName: string | null;
  description: string | null;
  /** A displayable URL: `ipfs://` already rewritten by `toGatewayUrl`; null when the token has none. */
  image: string | null;
  /** 'ERC721' / 'ERC1155' — saved as the CMS `token_standard` when listing. */
  contractType: string;
}

export interface WalletNftsQuery {
  owner: Address;
  /** Only these contracts (staking: the four pools). Omitted = every NFT the source knows of. */
  contracts?: readonly Address[];
  /** The page size asked for (profile 100, staking 20). */
  limit: number;
  /** The cursor a previous page returned; null/undefined = the first page. */
  cursor?: string | null;
}

export interface WalletNftsPage {
  items: IndexedNft[];
  /** Where the next page starts; null when this page is the last one. */
  cursor: string | null;
}

export interface NftIndexer {
  /** One page of the wallet's NFTs. */
  getWalletNfts(query: WalletNftsQuery): Promise<WalletNftsPage>;
  /**
   * Metadata of the given tokens. The result is re-matched by contract + token id (never by
   * order); tokens the source knows nothing of are simply missing from the result.
   */
  getNftsMetadata(refs: readonly NftRef[]): Promise<IndexedNft[]>;
}
