import type { NftRef } from '@/lib/indexer/nft-indexer';

/** The key every source matches results by: lower-case contract + decimal token id (never order). */
export function nftKey(ref: NftRef): string {
  return `${ref.contract.toLowerCase()}:${ref.tokenId.toString()}`;
}

/** Splits `items` into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
