import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { AppError } from '@/lib/errors/app-error';
import type { NaturaBalances } from '@/lib/cms/types';
import { queryKeys } from '@/lib/query/keys';

const NO_BALANCES: NaturaBalances = { teamReleased: 0n, incentiveReleased: 0n, rndReleased: 0n, reserveReleased: 0n };

/**
 * Call #31: the released-Natura figures the admin keeps in the CMS (Natura wei); zeros when there
 * is no row; null when this CMS has no natura-balance type at all (404, deployed-system.md §B7.5): the
 * figures are not published, and asking again cannot change that.
 */
export async function getNaturaBalances(client: CmsClient = getCmsClient()): Promise<NaturaBalances | null> {
  // The parser and its schemas load beside the request, not with the first page's code.
  const parser = import('@/lib/cms/parse');
  try {
    const { data } = await client.get<unknown>('/api/natura-balances', { params: { sort: ['id:asc'] } });
    const { parseStandardList, toNaturaBalances } = await parser;
    return parseStandardList(data, toNaturaBalances).items[0] ?? NO_BALANCES;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') return null;
    throw error;
  }
}

export function naturaBalancesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cms.naturaBalances(), queryFn: () => getNaturaBalances() });
}

export function useNaturaBalances() {
  return useQuery(naturaBalancesQueryOptions());
}
