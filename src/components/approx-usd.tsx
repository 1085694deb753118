import { useTranslation } from 'react-i18next';
import { formatApproxUsd, usdOfNatura, usdOfUsdt } from '@/lib/format/usd';
import { useNaturaUsdPrice } from '@/lib/hooks/use-natura-price';

type ApproxUsdProps = { className?: string; id?: string } & (
  { usdt: bigint; natura?: never } | { natura: bigint; usdt?: never }
);

/**
 * The dollar value beside a USDT or Natura amount ("≈ $45,000.00"). Natura is valued at the
 * chain's Natura price; until it is read (or when it cannot be) nothing is shown.
 */
export function ApproxUsd({ className = 'approx-usd', id, ...amount }: ApproxUsdProps) {
  const { i18n } = useTranslation();
  if (amount.usdt !== undefined) {
    return (
      <span id={id} className={className}>
        {formatApproxUsd(usdOfUsdt(amount.usdt), i18n.language)}
      </span>
    );
  }
  return <ApproxUsdOfNatura natura={amount.natura} className={className} id={id} />;
}

function ApproxUsdOfNatura({ natura, className, id }: { natura: bigint; className: string; id?: string }) {
  const { i18n } = useTranslation();
  const price = useNaturaUsdPrice();
  if (price.data === undefined) return null;
  return (
    <span id={id} className={className}>
      {formatApproxUsd(usdOfNatura(natura, price.data), i18n.language)}
    </span>
  );
}
