import type { TFunction } from 'i18next';
import { AmountParseError, parseTokenAmount } from '@/lib/chain/units';
import { isWholeAmount, tokenDecimals, type SwapToken } from '@/lib/chain/swap-math';
import { TOKEN_UNIT } from '@/features/swap/components/order-format';

/** A typed amount or price, parsed strictly in `token`'s decimals: its value, or the user's words. */
export type ParsedInput = { value: bigint; error?: undefined } | { value?: undefined; error: string };

/** Blank or zero ('', '0', '0.00'), which the spec treats as "not filled" (create) or "keep" (edit). */
export function isBlankOrZero(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || /^0*\.?0*$/.test(trimmed);
}

export function parseInput(text: string, token: SwapToken, t: TFunction<'swap'>): ParsedInput {
  try {
    return { value: parseTokenAmount(text, tokenDecimals(token)) };
  } catch (error) {
    if (!(error instanceof AmountParseError)) throw error;
    return { error: t(`invalid.${error.reason}`, { decimals: tokenDecimals(token), unit: TOKEN_UNIT[token] }) };
  }
}

/**
 * An order amount (create and edit): parsed like any amount, and whole tokens only, because the
 * swap charges only whole tokens (deployed-system.md §C9.4) and a fraction would be given away.
 */
export function parseOrderAmount(text: string, token: SwapToken, t: TFunction<'swap'>): ParsedInput {
  const parsed = parseInput(text, token, t);
  if (parsed.value === undefined || isWholeAmount(parsed.value, token)) return parsed;
  return { error: t('invalid.whole', { unit: TOKEN_UNIT[token] }) };
}
