import type { TFunction } from 'i18next';
import { AmountParseError } from '@/lib/chain/units';
import { amountExample, parseLocalAmount } from '@/lib/format/amounts';
import { isWholeAmount, tokenDecimals, type SwapToken } from '@/lib/chain/swap-math';
import { TOKEN_UNIT } from '@/features/swap/components/order-format';

/** A typed amount or price, parsed strictly in `token`'s decimals: its value, or the user's words. */
export type ParsedInput = { value: bigint; error?: undefined } | { value?: undefined; error: string };

/** Blank or zero ('', '0', '0.00', '0,00'), which the spec treats as "not filled" (create) or "keep" (edit). */
export function isBlankOrZero(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || /^0*[.,]?0*$/.test(trimmed);
}

/** `text` in the notation of `language` (one reader for every amount: `@/lib/format/amounts`). */
export function parseInput(text: string, token: SwapToken, t: TFunction<'swap'>, language: string): ParsedInput {
  try {
    return { value: parseLocalAmount(text, tokenDecimals(token), language) };
  } catch (error) {
    if (!(error instanceof AmountParseError)) throw error;
    return {
      error: t(`invalid.${error.reason}`, {
        decimals: tokenDecimals(token),
        unit: TOKEN_UNIT[token],
        example: amountExample(language),
      }),
    };
  }
}

/**
 * An order amount (create and edit): parsed like any amount, and whole tokens only, because the
 * swap charges only whole tokens (deployed-system.md §C9.4) and a fraction would be given away.
 */
export function parseOrderAmount(text: string, token: SwapToken, t: TFunction<'swap'>, language: string): ParsedInput {
  const parsed = parseInput(text, token, t, language);
  if (parsed.value === undefined || isWholeAmount(parsed.value, token)) return parsed;
  return { error: t('invalid.whole', { unit: TOKEN_UNIT[token] }) };
}
