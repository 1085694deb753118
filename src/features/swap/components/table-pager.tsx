import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { pageOf } from '@/features/swap/hooks/orders';

/** The page of `rows` on screen (25 rows), so a table renders what is shown and not the whole list. */
export function usePagedRows<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const { rows: shown, pages } = pageOf(rows, page);
  return { shown, pages, current: Math.min(page, pages - 1), setPage };
}

/** Previous / Page n of m / Next under a paged table; nothing for a single page. */
export function TablePager({
  current,
  pages,
  setPage,
}: {
  current: number;
  pages: number;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('swap');
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 mt-3" aria-label={t('table.pagination')}>
      <Button variant="outline-light" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
        {t('table.previous')}
      </Button>
      <span aria-live="polite">{t('table.page', { page: current + 1, pages })}</span>
      <Button variant="outline-light" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
        {t('table.next')}
      </Button>
    </nav>
  );
}
