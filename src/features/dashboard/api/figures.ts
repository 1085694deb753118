import type { Address } from '@/config/env';
import type { SwapOrder } from '@/lib/chain/contracts/swap-order';
import type { Collection, NaturaBalances } from '@/lib/cms/types';
import { sameAddress } from '@/lib/format/address';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';

/**
 * The dashboard's formulas (deployed-system.md §C6.1, §P3 and §P9), on bigint base units only.
 * Every figure is an `Amount`: an integer and the number of decimals it carries.
 */

export interface Amount {
  value: bigint;
  decimals: number;
}

const NATURA_UNIT = 10n ** BigInt(NATURA_DECIMALS);

/** "Launched Natura": fixed by the product at 2,666,666 NAT (the on-chain read is ignored), in Natura wei. */
export const LAUNCHED_NATURA = 2_666_666n * NATURA_UNIT;

/** Swap order status 0 = filled ("Successful", deployed-system.md §C5.7). */
const FILLED = 0;

/** The most recent successful swap: the filled order with the highest index (deployed-system.md §P4.8). */
export function latestFilledOrder(orders: readonly SwapOrder[]): SwapOrder | null {
  for (let index = orders.length - 1; index >= 0; index -= 1) {
    const order = orders[index];
    if (order && order.status === FILLED) return order;
  }
  return null;
}

/**
 * "Latest Swap transaction" in US dollars per Natura, for both kinds of order.
 *
 * The card is titled "in $", but the order's `price` is in the other token's units (deployed-system.md §C4): for an
 * order that deposited Natura it is USDT per NAT (6 decimals), for one that deposited USDT it is
 * NAT per USDT (18 decimals). The previous front end printed either number after a "$", so the
 * card jumped between two different quantities (0.78 NAT per USDT read as "$0.78"). We show what
 * the title promises, the dollar price of one Natura at that trade: the USDT-per-NAT price as is,
 * and the inverse of the NAT-per-USDT price (1 ÷ (price ÷ 10^18)), with 18 decimals so that the
 * 3-decimal display rounds once. Null when such a price is 0 (no inverse); the contract does not
 * create orders with price 0, so this does not happen in practice.
 */
export function swapUsdPerNatura(order: SwapOrder, usdt: Address): Amount | null {
  if (!sameAddress(order.tokenA, usdt)) return { value: order.price, decimals: USDT_DECIMALS };
  if (order.price === 0n) return null;
  // 1 ÷ (price ÷ 10^18) = 10^18 ÷ price, kept with 18 decimals: 10^36 ÷ price (truncated; the
  // display rounds it half-up once, and truncation cannot carry it across a rounding boundary).
  return { value: (NATURA_UNIT * NATURA_UNIT) / order.price, decimals: NATURA_DECIMALS };
}

/**
 * Circulating supply (deployed-system.md §P9) in Natura wei: staking rewards claimed + team + incentive + R&D +
 * reserve released + the 2,666,666 launched − burned.
 */
export function circulatingSupply(rewardsClaimed: bigint, balances: NaturaBalances, burned: bigint): bigint {
  return (
    rewardsClaimed +
    balances.teamReleased +
    balances.incentiveReleased +
    balances.rndReleased +
    balances.reserveReleased +
    LAUNCHED_NATURA -
    burned
  );
}

/** What a collection contract says about itself: `maxSupply()` and `cost()` (USDT base units). */
export interface CollectionContractFigures {
  maxSupply: bigint;
  cost: bigint;
}

/** A collection's trade figures from the chain (get-chain-trades.ts), USDT base units; null = none on chain. */
export interface ChainTrades {
  /** The newest chain sale's price. */
  lastTradePrice: bigint | null;
  /** The floor of the live listings, else the last sale's price (`marketPriceFrom`). */
  marketPrice: bigint | null;
}

/** One row of the "NFT Collections" table; USDT amounts in base units, null = no such figure. */
export interface CollectionRow {
  id: number;
  name: string;
  /** The CMS row's contract, for the trust label. */
  contractAddress: Address | null;
  /** Total Supply × Market Price, else × Start Price. */
  totalValue: bigint | null;
  totalSupply: bigint | null;
  startPrice: bigint | null;
  /** From the chain: the floor of the live listings, else the last sale; null when it has neither. */
  marketPrice: bigint | null;
  /** From the chain: the newest sale's price; null when the collection has none (a CMS row is never one). */
  lastTradePrice: bigint | null;
}

/** Total Value (deployed-system.md §P3): supply × market price when there is a non-zero one, else supply × start price. */
export function totalValueOf(totalSupply: bigint, marketPrice: bigint | null, startPrice: bigint): bigint {
  return totalSupply * (marketPrice !== null && marketPrice > 0n ? marketPrice : startPrice);
}

export function collectionRows(
  collections: readonly Collection[],
  contracts: ReadonlyMap<string, CollectionContractFigures | null>,
  trades: ReadonlyMap<string, ChainTrades>,
): CollectionRow[] {
  return collections.map((collection) => {
    const address = collection.contractAddress;
    const figures = address ? (contracts.get(address.toLowerCase()) ?? null) : null;
    const chain = address ? trades.get(address.toLowerCase()) : undefined;
    const marketPrice = chain?.marketPrice ?? null;
    return {
      id: collection.id,
      name: collection.name,
      contractAddress: address,
      totalValue: figures ? totalValueOf(figures.maxSupply, marketPrice, figures.cost) : null,
      totalSupply: figures?.maxSupply ?? null,
      startPrice: figures?.cost ?? null,
      marketPrice,
      lastTradePrice: chain?.lastTradePrice ?? null,
    };
  });
}
