import { queryOptions, useQuery } from '@tanstack/react-query';
import { isError, type ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { isAddress, lowerCaseAddress } from '@/lib/chain/addresses';
import type { CollectionContractFigures } from '@/features/dashboard/api/figures';
import { getMaxSupply, getMintCost } from '@/lib/chain/contracts/nft-collection';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/** True for a contract address (a CMS row may have none). */
export function isContractAddress(value: string | null | undefined): value is Address {
  return isAddress(value);
}

async function figuresOf(runner: ContractRunner, address: Address): Promise<CollectionContractFigures | null> {
  try {
    const [maxSupply, cost] = await Promise.all([getMaxSupply(runner, address), getMintCost(runner, address)]);
    return { maxSupply, cost };
  } catch (error) {
    // Not a collection contract (the call reverts, or an account without code answers nothing):
    // this row has no chain figures. Any other failure (the node is unreachable) fails the read,
    // so that "unknown" never looks like "none".
    if (isError(error, 'CALL_EXCEPTION') || isError(error, 'BAD_DATA')) return null;
    throw error;
  }
}

/**
 * `maxSupply()` (Total Supply) and `cost()` (Start Price, USDT base units) of every collection
 * contract, all issued at once so that they travel in one JSON-RPC batch however many collections
 * there are. Keyed by lower-case address; null for an address that is not a collection contract.
 */
async function getCollectionContractFigures(
  addresses: readonly string[],
  runner: ContractRunner = getCallRunner(),
): Promise<Map<string, CollectionContractFigures | null>> {
  const unique = [...new Set(addresses.filter(isContractAddress).map(lowerCaseAddress))];
  const figures = await Promise.all(unique.map((address) => figuresOf(runner, address)));
  return new Map(unique.map((address, index) => [address, figures[index] ?? null]));
}

/** `addresses` undefined = not known yet (the CMS collections are still loading): nothing is read. */
export function collectionContractFiguresQueryOptions(addresses: readonly string[] | undefined) {
  return queryOptions({
    queryKey: queryKeys.chain.collectionContracts(addresses ?? []),
    queryFn: () => getCollectionContractFigures(addresses ?? []),
    enabled: addresses !== undefined,
    staleTime: 15_000,
  });
}

export function useCollectionContractFigures(addresses: readonly string[] | undefined) {
  return useQuery(collectionContractFiguresQueryOptions(addresses));
}
