import { getConfig, type Address, type AppConfig } from '@/config/env';

/**
 * The one answer to "may the app mint on, call verified, and enumerate this collection
 * contract?" (deployed-system.md §C9.5): only the contracts of the app's own configuration — the four
 * staking-pool collections and `VITE_TRUSTED_COLLECTIONS`. A CMS row naming any other address is
 * untrusted, whatever else the row says.
 */
export function isTrustedCollection(
  contract: string | null | undefined,
  config: Pick<AppConfig, 'trustedCollections'> = getConfig(),
): contract is Address {
  if (!contract) return false;
  const wanted = contract.trim().toLowerCase();
  return config.trustedCollections.some((trusted) => trusted.toLowerCase() === wanted);
}
