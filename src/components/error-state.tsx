import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

/** A failed load: says so and offers a retry instead of leaving an empty or blank area. */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="error-state text-center py-4" role="alert">
      <p>{message ?? t('errors.loadFailed')}</p>
      {onRetry ? (
        <Button variant="outline-light" size="sm" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      ) : null}
    </div>
  );
}
