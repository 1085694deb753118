import { getConfig, type Address, type AppConfig } from '@/config/env';

/**
 * The one answer to "may the app mint on and enumerate this collection contract?" (deployed-system.md
 * §C9.5): only the contracts of the app's own configuration — the four staking-pool collections and
 * `VITE_TRUSTED_COLLECTIONS`. A CMS row naming any other address is untrusted, whatever else the row
 * says. A trusted contract is necessary for the verified tick, not enough: see `collectionStanding`.
 */
export function isTrustedCollection(
  contract: string | null | undefined,
  config: Pick<AppConfig, 'trustedCollections'> = getConfig(),
): contract is Address {
  if (!contract) return false;
  const wanted = contract.trim().toLowerCase();
  return config.trustedCollections.some((trusted) => trusted.toLowerCase() === wanted);
}

/** What a CMS collection row is, from the configuration alone (no CMS read, no name check). */
export type CollectionStanding = 'verified' | 'copy' | 'other';

/**
 * The operator's verified page of a trusted contract is the one row `VITE_VERIFIED_COLLECTIONS` names
 * (deployed-system.md §C9.6): anyone with a CMS login can create another row claiming the same contract, banner and
 * logo, and that row is a copy. A contract outside the trusted list is never verified; a trusted contract
 * without a configured row has no verified page, so its rows are neither verified nor copies.
 */
export function collectionStanding(
  collection: { id: number; contractAddress: string | null },
  config: Pick<AppConfig, 'trustedCollections' | 'verifiedCollections'> = getConfig(),
): CollectionStanding {
  if (!isTrustedCollection(collection.contractAddress, config)) return 'other';
  const wanted = collection.contractAddress.trim().toLowerCase();
  const verified = config.verifiedCollections.find((pair) => pair.contract.toLowerCase() === wanted);
  if (!verified) return 'other';
  return verified.collectionId === collection.id ? 'verified' : 'copy';
}
