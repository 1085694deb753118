import type { Address } from '@/config/env';
import { marketSaleSplit } from '@/lib/chain/market-math';

/**
 * How the marketplace divides the buyer's money (deployed-system.md §C9.1): royalty, then 5 % of the rest. A module
 * of its own so that the terms read (read-terms.ts, loaded on demand by terms.ts) does not import terms.ts back.
 */
export interface SaleSplit {
  royalty: bigint;
  royaltyReceiver: Address | null;
  /** ⌊(price − royalty) × 500 / 10 000⌋ to the fee collector. */
  fee: bigint;
  /** price − royalty − fee. */
  seller: bigint;
}

export function saleSplit(price: bigint, royalty: bigint, royaltyReceiver: Address | null = null): SaleSplit {
  const { fee, seller } = marketSaleSplit(price, royalty);
  return { royalty, royaltyReceiver, fee, seller };
}
