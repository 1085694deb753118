import { useTranslation } from 'react-i18next';
import { formatAmountEcho } from '@/lib/format/amounts';

/**
 * Says back, under an amount field, the value the app read from what was typed ("= 45 000,000 USDT"),
 * in the active language, before anything reaches the wallet. Nothing while the field is empty or
 * unreadable (the field's own message explains that).
 */
export function AmountEcho({
  id,
  value,
  decimals,
  places,
  unit,
}: {
  id?: string;
  value: bigint | null | undefined;
  decimals: number;
  /** The fewest decimals shown, as the screen shows this token (deployed-system.md §P9). */
  places: number;
  unit: string;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <p id={id} className="form-text mb-0 amount-echo" aria-live="polite">
      {value === null || value === undefined
        ? null
        : t('amount.echo', { amount: formatAmountEcho(value, decimals, places, i18n.language), unit })}
    </p>
  );
}
