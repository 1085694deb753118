import type { Address } from '@/config/env';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import type { NftEvent } from '@/lib/chain/history/nft-history';
import { sameAddress } from '@/lib/format/address';

/**
 * What pages do with decoded events, without the decoders: the decoders checksum addresses with ethers' keccak
 * (events.ts), and a page that only shows figures (the collection's, the NFT's last sale) must not load it before its
 * CMS content is shown (tests/e2e/performance.spec.ts, "while every ethers chunk is held back").
 */

/** Where an event happened: enough to order events, find the block time and link the explorer. */
export interface EventPlace {
  blockNumber: number;
  logIndex: number;
  transactionHash: string;
}

/** Newest first: by block, then by position in the block. */
export const newestFirst = (a: EventPlace, b: EventPlace) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex;

export const tokenKey = (contract: string, tokenId: bigint) => `${contract.toLowerCase()}:${tokenId.toString()}`;

/** The holder of each token now: the last receiver, or for a listed or staked token the account that put it there. */
export function currentHolders(events: readonly NftEvent[]): Map<string, Address> {
  const holders = new Map<string, Address>();
  for (const event of events) {
    const key = tokenKey(event.contract, event.tokenId);
    if (event.kind === 'listing' || event.kind === 'stake') continue;
    if (sameAddress(event.to, ZERO_ADDRESS)) holders.delete(key);
    else holders.set(key, event.to);
  }
  return holders;
}
