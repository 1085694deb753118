import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import type { ClaimHistory } from '@/lib/chain/history/staking-history';
import { queryKeys } from '@/lib/query/keys';

/** The account's staking payouts and total earned, from chain history (src/lib/chain/history/staking-history.ts). */
async function getClaimHistory(account: Address): Promise<ClaimHistory> {
  const [{ getHistoryReader }, { getCallInputReader }, { readClaimHistory }] = await Promise.all([
    import('@/lib/chain/history/log-reader'),
    import('@/lib/chain/history/call-inputs'),
    import('@/lib/chain/history/staking-history'),
  ]);
  const [reader, readCall] = await Promise.all([getHistoryReader(), getCallInputReader()]);
  return readClaimHistory(reader, readCall, getConfig().addresses.staking, account);
}

function claimHistoryQueryOptions(account: Address, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.chain.stakingClaims(account),
    queryFn: () => getClaimHistory(account),
    enabled,
    staleTime: 10_000,
  });
}

/** `enabled` once the page's lead content (the staked list) is in. */
export function useClaimHistory(account: Address, enabled: boolean) {
  return useQuery(claimHistoryQueryOptions(account, enabled));
}
