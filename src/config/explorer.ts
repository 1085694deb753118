import { getConfig } from '@/config/env';

/**
 * Links to the chain's block explorer. A chain without one (the local stack's anvil, chain 31337)
 * has no `VITE_EXPLORER_URL`: every helper answers null and screens show no link.
 */

/** The explorer page of an address, or null without an explorer. */
export function explorerAddressUrl(address: string): string | null {
  const base = getConfig().explorerUrl;
  return base ? `${base}address/${address}` : null;
}

/** The explorer page of a transaction hash, or null without an explorer. */
export function explorerTxUrl(hash: string): string | null {
  const base = getConfig().explorerUrl;
  return base ? `${base}tx/${hash}` : null;
}
