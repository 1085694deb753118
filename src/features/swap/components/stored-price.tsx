import { useTranslation } from 'react-i18next';
import { EXACT_STYLE, perNaturaText } from '@/features/swap/components/order-format';
import { NATURA_DECIMALS } from '@/config/tokens';
import { usdtPerNatura } from '@/lib/chain/swap-math';
import { formatAmount } from '@/lib/format/numbers';

/**
 * Under the price of an order that deposits USDT (issue 39): the contract's own price (NAT per whole USDT, every
 * one of its 18 decimals) and the USDT-per-Natura rate it stands for, and when the typed rate did not divide
 * exactly, that it was rounded in the maker's favour.
 */
export function StoredPrice({ price, typed, exact }: { price: bigint; typed: bigint; exact: boolean }) {
  const { t, i18n } = useTranslation('swap');
  const language = i18n.language;
  const text = t('create.storedAs', {
    stored: formatAmount(price, NATURA_DECIMALS, { places: NATURA_DECIMALS }, language),
    effective: perNaturaText(usdtPerNatura('usdt', price), language, EXACT_STYLE),
  });
  return (
    <p className="small mt-1 mb-0" data-testid="stored-price">
      {text}
      {exact ? null : ` ${t('create.rounded', { typed: perNaturaText(typed, language, EXACT_STYLE) })}`}
    </p>
  );
}
