import { z } from 'zod/mini';
import { defineFlow, type FlowRecord } from '@/lib/tx/flow';

/** A USDT amount in base units, stored as a decimal string (JSON has no bigint). */
const baseUnits = z.string().check(z.regex(/^\d+$/));

/**
 * A listing (deployed-system.md §C5.3, §P4.5): NFT approve for the marketplace when needed, then
 * `createMarketItem`; once confirmed its record writes the CMS rows with the item id the receipt gives
 * (record.ts). The payload is everything those rows need except that id.
 */
const listingPayload = z.object({
  userId: z.number(),
  chainId: z.number(),
  chainName: z.string(),
  contractAddress: z.string(),
  collectionName: z.string(),
  tokenId: z.number(),
  tokenName: z.string(),
  tokenStandard: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  owner: z.string(),
  price: baseUnits,
});
export type ListingPayload = z.infer<typeof listingPayload>;

export const listingFlow = defineFlow({
  kind: 'listing',
  payload: listingPayload,
  steps: ['approve', 'list'],
  title: (payload) => ({ key: 'title.list', values: { name: payload.tokenName } }),
  concerns: (payload) => [{ contract: payload.contractAddress, tokenId: payload.tokenId }],
  record: (): Promise<FlowRecord<ListingPayload>> =>
    import('@/features/profile/tx/record').then((module) => module.listingRecord),
});

/** A release (deployed-system.md §C5.4, §P4.6): `releaseSale`; once confirmed the CMS row is no longer for sale. */
const releasePayload = z.object({
  nftId: z.number(),
  /** The token's name, for the title (missing on entries stored by an older version). */
  name: z.optional(z.string()),
});
export type ReleasePayload = z.infer<typeof releasePayload>;

export const releaseFlow = defineFlow({
  kind: 'release',
  payload: releasePayload,
  steps: ['release'],
  title: (payload) => (payload.name === undefined ? null : { key: 'title.release', values: { name: payload.name } }),
  concerns: (payload) => [{ nftId: payload.nftId }],
  record: (): Promise<FlowRecord<ReleasePayload>> =>
    import('@/features/profile/tx/record').then((module) => module.releaseRecord),
});
