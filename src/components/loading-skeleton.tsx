import { useTranslation } from 'react-i18next';

/** Grey placeholder blocks in the shape of the content that is loading. */
export function LoadingSkeleton({ rows = 3, variant = 'lines' }: { rows?: number; variant?: 'lines' | 'cards' }) {
  const { t } = useTranslation();
  return (
    <div className={`skeleton skeleton-${variant}`} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-block" aria-hidden="true" />
      ))}
    </div>
  );
}
