import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import type { ActivityEntry } from '@/lib/chain/history/account-activity';
import { queryKeys } from '@/lib/query/keys';

interface AccountActivity {
  entries: ActivityEntry[];
  /** Each trusted collection's on-chain `name()` by lower-case address (missing when it has none). */
  names: Record<string, string>;
}

/**
 * The account's activity from chain history (src/lib/chain/history/account-activity.ts) over the configured trusted
 * collections, the staking contract and the swap. The order book is read here (the swap's fills are tied to orders
 * by their position in it); never the CMS.
 */
async function getAccountActivity(account: Address): Promise<AccountActivity> {
  const [{ getHistoryReader }, { getCallInputReader }, { readAccountActivity }, { getOrders }, nft, runnerModule, or] =
    await Promise.all([
      import('@/lib/chain/history/log-reader'),
      import('@/lib/chain/history/call-inputs'),
      import('@/lib/chain/history/account-activity'),
      import('@/lib/chain/contracts/swap'),
      import('@/lib/chain/contracts/nft-collection'),
      import('@/lib/chain/call-runner'),
      import('@/lib/chain/or-null'),
    ]);
  const config = getConfig();
  const runner = runnerModule.getCallRunner();
  const [reader, readCall, orders] = await Promise.all([
    getHistoryReader(),
    getCallInputReader(),
    getOrders(runner, config.addresses.swap),
  ]);
  const collections = config.trustedCollections;
  const [entries, names] = await Promise.all([
    readAccountActivity(reader, readCall, { account, collections, contracts: config.addresses, orders }),
    Promise.all(collections.map(async (c) => [c.toLowerCase(), await or.orNull(nft.getCollectionName(runner, c))])),
  ]);
  return {
    entries,
    names: Object.fromEntries(names.filter((pair): pair is [string, string] => pair[1] !== null)),
  };
}

function accountActivityQueryOptions(account: Address | null) {
  return queryOptions({
    queryKey: queryKeys.chain.accountActivity(account ?? ''),
    queryFn: () => getAccountActivity(account!),
    enabled: account !== null,
    staleTime: 10_000,
  });
}

export function useAccountActivity(account: Address | null) {
  return useQuery(accountActivityQueryOptions(account));
}
