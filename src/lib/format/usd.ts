import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { displayAmount, withUnit } from '@/lib/format/numbers';

/**
 * "≈ $" beside a token amount. Dollars are kept in USD base units with 6 decimals, as the Natura
 * contract's getNaturaPrice gives them (deployed-system.md §C6.1), and stay bigint until shown.
 */

/** USDT is taken at one dollar: its base units are USD base units. */
export function usdOfUsdt(usdt: bigint): bigint {
  return usdt;
}

/** Natura base units (18 decimals) at `priceUsd6` (USD base units per whole Natura), rounded down. */
export function usdOfNatura(natura: bigint, priceUsd6: bigint): bigint {
  return (natura * priceUsd6) / 10n ** BigInt(NATURA_DECIMALS);
}

/** "≈ $1,234.56": USD base units as money (cents, rounded down) with the separators of `locale`. */
export function formatApproxUsd(usd6: bigint, locale = 'en'): string {
  const text = withUnit(displayAmount(usd6, USDT_DECIMALS, 'money', locale).text, '$');
  // "< $0.01" already says it is approximate.
  return text.startsWith('<') ? text : `≈ ${text}`;
}
