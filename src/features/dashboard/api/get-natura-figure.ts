import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractRunner } from 'ethers';
import { getConfig, type AppConfig } from '@/config/env';
import {
  getBitcoinReserves,
  getGoldReserves,
  getMiscReserves,
  getNaturaBalance,
  getNaturaPrice,
} from '@/lib/chain/contracts/natura';
import { getCallRunner } from '@/lib/chain/call-runner';
import { queryKeys } from '@/lib/query/keys';

/**
 * The Natura token's figures the dashboard shows (deployed-system.md §C6.1), one read each, so that a
 * failing read costs one card, not all of them. All of them start in the same tick as the page's
 * other chain reads, so the provider sends them in one JSON-RPC batch.
 */
export type NaturaFigure = 'price' | 'burned' | 'bitcoinReserves' | 'goldReserves' | 'miscReserves';

const READS: Record<NaturaFigure, (runner: ContractRunner, config: AppConfig) => Promise<bigint>> = {
  /** USD with 6 decimals. */
  price: (runner, config) => getNaturaPrice(runner, config.addresses.natura),
  /** Natura wei held by the burn address. */
  burned: (runner, config) => getNaturaBalance(runner, config.addresses.natura, config.addresses.burn),
  /** BTC with 18 decimals. */
  bitcoinReserves: (runner, config) => getBitcoinReserves(runner, config.addresses.natura),
  /** Whole US dollars. */
  goldReserves: (runner, config) => getGoldReserves(runner, config.addresses.natura),
  /** Whole US dollars. */
  miscReserves: (runner, config) => getMiscReserves(runner, config.addresses.natura),
};

function getNaturaFigure(
  figure: NaturaFigure,
  runner: ContractRunner = getCallRunner(),
  config: AppConfig = getConfig(),
): Promise<bigint> {
  return READS[figure](runner, config);
}

export function naturaFigureQueryOptions(figure: NaturaFigure) {
  return queryOptions({
    queryKey: queryKeys.chain.dashboardRead(figure),
    queryFn: () => getNaturaFigure(figure),
    staleTime: 15_000,
  });
}

export function useNaturaFigure(figure: NaturaFigure) {
  return useQuery(naturaFigureQueryOptions(figure));
}
