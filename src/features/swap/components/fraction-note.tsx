import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@/features/swap/hooks/orders';
import { uncharged } from '@/lib/chain/swap-math';

/** The mark of an order whose amount holds a fraction of a token: the swap charges whole tokens only (deployed-system.md §C9.4). */
export function FractionNote({ row }: { row: OrderRow }) {
  const { t } = useTranslation('swap');
  if (uncharged(row.amountA, row.token) === 0n) return null;
  return (
    <span className="d-block small text-warning" data-testid="fraction-note">
      {t('table.fraction')}
    </span>
  );
}
