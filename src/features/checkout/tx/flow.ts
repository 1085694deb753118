import { z } from 'zod/mini';
import { defineFlow, type FlowRecord } from '@/lib/tx/flow';

/** A USDT amount in base units, or a token id, stored as a decimal string (JSON has no bigint). */
const decimal = z.string().check(z.regex(/^\d+$/));

/**
 * A mint or a buy (deployed-system.md §C5.1–C5.2, §P4.3–P4.4): USDT approve when the allowance
 * falls short, then `mint` or `createMarketSale`; once confirmed its record hands the CMS row to
 * the buyer (record.ts). The payload is what the record writes, captured from the chain's terms.
 */
const purchasePayload = z.object({
  nftId: z.number(),
  collectionId: z.number(),
  /** The NFT's CMS owner before the purchase (null: never owned). */
  fromAddress: z.nullable(z.string()),
  buyer: z.string(),
  price: decimal,
  kind: z.enum(['Mint', 'Buy']),
  /** The token bought, as the chain named it, so the buyer's Collected tab can mark it while the record waits. */
  contractAddress: z.optional(z.string()),
  tokenId: z.optional(decimal),
  /** The token's name, for the title (missing on entries stored by an older version). */
  name: z.optional(z.string()),
});
export type PurchasePayload = z.infer<typeof purchasePayload>;

export const purchaseFlow = defineFlow({
  kind: 'purchase',
  payload: purchasePayload,
  steps: ['approve', 'mint', 'buy'],
  title: (payload) =>
    payload.name === undefined
      ? null
      : { key: payload.kind === 'Mint' ? 'title.mint' : 'title.buy', values: { name: payload.name } },
  concerns: (payload) => [
    { nftId: payload.nftId },
    // The Collected tab knows the token, not the CMS row.
    ...(payload.contractAddress ? [{ contract: payload.contractAddress, tokenId: payload.tokenId }] : []),
  ],
  record: (): Promise<FlowRecord<PurchasePayload>> =>
    import('@/features/checkout/tx/record').then((module) => module.purchaseRecord),
});
