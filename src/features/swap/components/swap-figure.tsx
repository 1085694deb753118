import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { ApproxUsd } from '@/components/approx-usd';
import { figureKind, PRICE_UNIT, TOKEN_UNIT, type FigureRole } from '@/features/swap/components/order-format';
import { tokenDecimals, type SwapToken } from '@/lib/chain/swap-math';
import { formatApproxUsd, usdOfNatura } from '@/lib/format/usd';
import { useNaturaUsdPrice } from '@/lib/hooks/use-natura-price';

/** Natura's dollar price read once for a whole table (undefined while it is read), instead of once per cell. */
const TableNaturaPrice = createContext<{ price: bigint | undefined } | null>(null);

/** Reads Natura's price once for the table inside: its "≈ $" cells take it from here. */
export function OneNaturaPrice({ children }: { children: ReactNode }) {
  const price = useNaturaUsdPrice();
  return <TableNaturaPrice.Provider value={{ price: price.data }}>{children}</TableNaturaPrice.Provider>;
}

/**
 * "≈ $" under a swap amount or price, on its own line: USDT at one dollar, Natura at the chain's
 * Natura price (nothing until it is read).
 */
export function TokenUsd({ value, token, id }: { value: bigint; token: SwapToken; id?: string }) {
  const className = 'd-block small approx-usd';
  const table = useContext(TableNaturaPrice);
  if (token === 'natura' && table) return <TableUsd natura={value} price={table.price} className={className} id={id} />;
  return token === 'usdt' ? (
    <ApproxUsd usdt={value} className={className} id={id} />
  ) : (
    <ApproxUsd natura={value} className={className} id={id} />
  );
}

/**
 * A swap figure as the display policy writes it, with the exact value one tap away: a price is USDT per whole
 * Natura (token "usdt", unit "USDT/NAT"), an amount is in its token's unit.
 */
export function FigureAmount({ figure, value, token }: { figure: FigureRole; value: bigint; token: SwapToken }) {
  return (
    <Amount
      value={value}
      decimals={tokenDecimals(token)}
      kind={figureKind(token, figure)}
      unit={figure === 'price' ? PRICE_UNIT : TOKEN_UNIT[token]}
    />
  );
}

/**
 * One figure of a swap table cell: the amount as the display policy writes it (exact value one tap
 * away), its "≈ $" below and any note, kept together so the phone layout (label left, figure right)
 * keeps them in one block.
 */
export function SwapFigure({
  figure,
  value,
  token,
  children,
}: {
  figure: FigureRole;
  value: bigint;
  token: SwapToken;
  children?: ReactNode;
}) {
  return (
    <span className="swap-figure">
      <span className="swap-figure-amount">
        <FigureAmount figure={figure} value={value} token={token} />
      </span>{' '}
      <TokenUsd value={value} token={token} />
      {children}
    </span>
  );
}

function TableUsd({
  natura,
  price,
  className,
  id,
}: {
  natura: bigint;
  price: bigint | undefined;
  className: string;
  id?: string;
}) {
  const { i18n } = useTranslation();
  if (price === undefined) return null;
  return (
    <span id={id} className={className}>
      {formatApproxUsd(usdOfNatura(natura, price), i18n.language)}
    </span>
  );
}
