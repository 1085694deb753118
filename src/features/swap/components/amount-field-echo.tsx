import { AmountEcho } from '@/components/amount-echo';
import { TOKEN_UNIT } from '@/features/swap/components/order-format';
import { TokenUsd } from '@/features/swap/components/swap-figure';
import { tokenDecimals, type SwapToken } from '@/lib/chain/swap-math';

/**
 * The echo under a swap amount or price field, in the token's decimals and unit (3 places, deployed-system.md §P9),
 * with its "≈ $".
 */
export function AmountFieldEcho({ value, token }: { value: bigint | undefined; token: SwapToken | null }) {
  if (!token) return null;
  return (
    <>
      <AmountEcho value={value} decimals={tokenDecimals(token)} places={3} unit={TOKEN_UNIT[token]} />
      {value === undefined ? null : <TokenUsd value={value} token={token} />}
    </>
  );
}
