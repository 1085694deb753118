import type { ReactNode } from 'react';
import { ApproxUsd } from '@/components/approx-usd';
import type { SwapToken } from '@/lib/chain/swap-math';

/**
 * "≈ $" under a swap amount or price, on its own line: USDT at one dollar, Natura at the chain's
 * Natura price (nothing until it is read).
 */
export function TokenUsd({ value, token, id }: { value: bigint; token: SwapToken; id?: string }) {
  const className = 'd-block small approx-usd';
  return token === 'usdt' ? (
    <ApproxUsd usdt={value} className={className} id={id} />
  ) : (
    <ApproxUsd natura={value} className={className} id={id} />
  );
}

/**
 * One figure of a swap table cell: the amount as written, its "≈ $" below and any note, kept
 * together so the phone layout (label left, figure right) keeps them in one block.
 */
export function SwapFigure({
  text,
  value,
  token,
  children,
}: {
  text: string;
  value: bigint;
  token: SwapToken;
  children?: ReactNode;
}) {
  return (
    <span className="swap-figure">
      <span className="swap-figure-amount">{text}</span> <TokenUsd value={value} token={token} />
      {children}
    </span>
  );
}
