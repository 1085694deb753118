import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCmsClient } from '@/lib/cms/client';
import { parseStandardList, toNaturaBalances } from '@/lib/cms/parse';
import type { NaturaBalances } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

const NO_BALANCES: NaturaBalances = { teamReleased: 0n, incentiveReleased: 0n, rndReleased: 0n, reserveReleased: 0n };

/** Call #31: the released-Natura figures the admin keeps in the CMS (Natura wei); zeros when there is no row. */
export async function getNaturaBalances(client: AxiosInstance = getCmsClient()): Promise<NaturaBalances> {
  const { data } = await client.get<unknown>('/api/natura-balances', { params: { sort: ['id:asc'] } });
  return parseStandardList(data, toNaturaBalances).items[0] ?? NO_BALANCES;
}

function naturaBalancesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cms.naturaBalances(), queryFn: () => getNaturaBalances() });
}

export function useNaturaBalances() {
  return useQuery(naturaBalancesQueryOptions());
}
