import type { UseQueryResult } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { explorerAddressUrl } from '@/config/explorer';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { useLatestSwap } from '@/features/dashboard/api/get-latest-swap';
import { useNaturaBalances } from '@/features/dashboard/api/get-natura-balances';
import { useNaturaFigure } from '@/features/dashboard/api/get-natura-figure';
import { useRewardsClaimed } from '@/features/dashboard/api/get-rewards-claimed';
import { BITCOIN_RESERVE_URL, DASHBOARD_WALLETS } from '@/features/dashboard/components/dashboard-links';
import { LAUNCHED_NATURA, circulatingSupply, swapUsdPerNatura, type Amount } from '@/features/dashboard/api/figures';
import { combineReads, type Read } from '@/features/dashboard/hooks/combine-reads';
import type { NaturaBalances } from '@/lib/cms/types';
import type { AmountStyle } from '@/lib/format/numbers';

type CardId =
  | 'naturaValue'
  | 'latestSwap'
  | 'circulatingSupply'
  | 'rewardsClaimed'
  | 'launched'
  | 'team'
  | 'incentive'
  | 'rnd'
  | 'reserve'
  | 'burned'
  | 'bitcoin'
  | 'gold'
  | 'misc';

/** The unit written before the number: "$ ", "$" (card 2, as deployed-system.md §C6.1 writes it), "NAT ", "BTC ". */
type CardUnit = 'usd' | 'usdTight' | 'nat' | 'btc';

export type CardValue =
  | { kind: 'amount'; unit: CardUnit; amount: Amount; style: AmountStyle }
  /** Latest Swap before the first successful swap: said in words rather than "$0". */
  | { kind: 'noSwapYet' }
  /** A figure that cannot be computed from what was read (see swapUsdPerNatura). */
  | { kind: 'unavailable' }
  /**
   * The CMS does not publish an input (no natura-balance type, deployed-system.md §B7.5): said in words,
   * with no Try again (it cannot succeed). `missing` names the absent inputs of a derived figure.
   */
  | { kind: 'notPublished'; missing?: readonly CardInput[] };

/** The inputs of Circulating supply, named when they are missing (i18n keys `inputs.*`). */
type CardInput = 'rewardsClaimed' | 'releaseFigures' | 'burned';

export type CardLink = { kind: 'external'; href: string } | { kind: 'swapRecord' };

export interface DashboardCard {
  id: CardId;
  link: CardLink | null;
  value: Read<CardValue>;
}

/*
 * Decimals (deployed-system.md §C6.1): where the table gives them, those (cards 2 and 3: 3; the NAT cards
 * 4 and 6–9: 2). Burned Natura (10) has none there; it is a NAT amount like its neighbours and
 * swap fees burn odd fractions, so it gets their 2. The price and the reserves (1, 11–13) are
 * shown exactly as the contract holds them, as the previous front end did: a reserve of 12.5 BTC
 * reads "12.5", not "12.500000000000000000". Every figure is grouped in thousands like the fixed
 * "2,666,666" of card 5.
 */
const EXACT: AmountStyle = { places: 'exact', grouping: true };
const TWO: AmountStyle = { places: 2, grouping: true };
const THREE: AmountStyle = { places: 3, grouping: true };

const amount = (unit: CardUnit, value: bigint, decimals: number, style: AmountStyle): CardValue => ({
  kind: 'amount',
  unit,
  amount: { value, decimals },
  style,
});

const ready = <T>(data: T): Read<T> => ({ status: 'success', data });

const NOT_PUBLISHED: CardValue = { kind: 'notPublished' };

type InputRead<T> = Pick<UseQueryResult<T>, 'status' | 'data' | 'refetch'>;

/**
 * Circulating supply needs three inputs; when it cannot be shown it says which are missing: the
 * ones that failed to load (with Try again for them) and the release figures the CMS does not
 * publish (no Try again when that is all that is missing).
 */
function circulatingSupplyValue(
  rewards: InputRead<bigint>,
  balances: InputRead<NaturaBalances | null>,
  burned: InputRead<bigint>,
): Read<CardValue> {
  const inputs = [
    ['rewardsClaimed', rewards],
    ['releaseFigures', balances],
    ['burned', burned],
  ] as const;
  const unpublished: CardInput[] = balances.status === 'success' && balances.data === null ? ['releaseFigures'] : [];
  const failed = inputs.filter(([, read]) => read.status === 'error');
  if (failed.length > 0) {
    return {
      status: 'error',
      missing: [...failed.map(([name]) => name), ...unpublished],
      retry: () => {
        for (const [, read] of failed) void read.refetch();
      },
    };
  }
  if (inputs.some(([, read]) => read.status !== 'success')) return { status: 'pending' };
  if (unpublished.length > 0 || !balances.data) return ready({ kind: 'notPublished', missing: unpublished });
  return ready(amount('nat', circulatingSupply(rewards.data!, balances.data, burned.data!), NATURA_DECIMALS, THREE));
}

/** The 13 cards of deployed-system.md §C6.1, in display order; each follows only the reads it needs. */
export function useDashboardCards(): DashboardCard[] {
  const config = getConfig();
  const price = useNaturaFigure('price');
  const burned = useNaturaFigure('burned');
  const bitcoin = useNaturaFigure('bitcoinReserves');
  const gold = useNaturaFigure('goldReserves');
  const misc = useNaturaFigure('miscReserves');
  const rewards = useRewardsClaimed();
  const latestSwap = useLatestSwap();
  const balances = useNaturaBalances();
  const explorer = (address: string): CardLink | null => {
    const href = explorerAddressUrl(address);
    return href ? { kind: 'external', href } : null;
  };

  return [
    { id: 'naturaValue', link: null, value: combineReads([price], (p) => amount('usd', p, USDT_DECIMALS, EXACT)) },
    {
      id: 'latestSwap',
      link: { kind: 'swapRecord' },
      value: combineReads([latestSwap], (order): CardValue => {
        if (!order) return { kind: 'noSwapYet' };
        const perNatura = swapUsdPerNatura(order, config.addresses.usdt);
        return perNatura ? amount('usdTight', perNatura.value, perNatura.decimals, THREE) : { kind: 'unavailable' };
      }),
    },
    {
      id: 'circulatingSupply',
      link: null,
      value: circulatingSupplyValue(rewards, balances, burned),
    },
    {
      id: 'rewardsClaimed',
      link: explorer(DASHBOARD_WALLETS.rewardsClaimed),
      value: combineReads([rewards], (r) => amount('nat', r, NATURA_DECIMALS, TWO)),
    },
    {
      id: 'launched',
      link: explorer(DASHBOARD_WALLETS.launched),
      value: ready(amount('nat', LAUNCHED_NATURA, NATURA_DECIMALS, { places: 0, grouping: true })),
    },
    {
      id: 'team',
      link: explorer(DASHBOARD_WALLETS.team),
      value: combineReads([balances], (b) => (b ? amount('nat', b.teamReleased, NATURA_DECIMALS, TWO) : NOT_PUBLISHED)),
    },
    {
      id: 'incentive',
      link: explorer(DASHBOARD_WALLETS.incentive),
      value: combineReads([balances], (b) =>
        b ? amount('nat', b.incentiveReleased, NATURA_DECIMALS, TWO) : NOT_PUBLISHED,
      ),
    },
    {
      id: 'rnd',
      link: explorer(DASHBOARD_WALLETS.rnd),
      value: combineReads([balances], (b) => (b ? amount('nat', b.rndReleased, NATURA_DECIMALS, TWO) : NOT_PUBLISHED)),
    },
    {
      id: 'reserve',
      link: explorer(DASHBOARD_WALLETS.reserve),
      value: combineReads([balances], (b) =>
        b ? amount('nat', b.reserveReleased, NATURA_DECIMALS, TWO) : NOT_PUBLISHED,
      ),
    },
    {
      id: 'burned',
      link: explorer(config.addresses.burn),
      value: combineReads([burned], (d) => amount('nat', d, NATURA_DECIMALS, TWO)),
    },
    {
      id: 'bitcoin',
      link: { kind: 'external', href: BITCOIN_RESERVE_URL },
      value: combineReads([bitcoin], (b) => amount('btc', b, 18, EXACT)),
    },
    // Gold and misc reserves are whole dollars, shown raw (deployed-system.md §C4).
    { id: 'gold', link: null, value: combineReads([gold], (g) => amount('usd', g, 0, EXACT)) },
    { id: 'misc', link: null, value: combineReads([misc], (m) => amount('usd', m, 0, EXACT)) },
  ];
}
