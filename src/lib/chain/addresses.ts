import type { Address } from '@/config/env';

/*
 * The one place text becomes an `Address` (config/env.ts checks its own variables the same way): a CMS row, an
 * indexer's answer, storage or a wallet is parsed here, and the rest of the app narrows instead of casting. Not in
 * env.ts, so that the first load (which needs only the configuration) does not carry it.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A 0x-prefixed 20-byte hex address (any letter case). */
export const isAddress = (value: unknown): value is Address => typeof value === 'string' && ADDRESS.test(value);

/** Text from outside → an `Address`, surrounding whitespace ignored; null when it is missing or not an address. */
export function parseAddress(value: unknown): Address | null {
  const text = typeof value === 'string' ? value.trim() : null;
  return isAddress(text) ? text : null;
}

/** The same address in lower case (the form used as a key). */
export const lowerCaseAddress = (address: Address): Address => `0x${address.slice(2).toLowerCase()}`;

/** The zero address (ethers' `ZeroAddress`, typed): "no approved account", "not owned". */
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';
