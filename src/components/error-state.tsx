import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

/**
 * A failed load: says so and offers a retry instead of leaving an empty or blank area. `inline`
 * is the one-line form for a secondary read that failed while the rest of the page is shown.
 */
export function ErrorState({
  onRetry,
  message,
  inline = false,
}: {
  onRetry?: () => void;
  message?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const text = message ?? t('errors.loadFailed');
  return (
    <div className={inline ? 'error-state-inline' : 'error-state text-center py-4'} role="alert">
      {inline ? <span>{text}</span> : <p>{text}</p>}
      {onRetry ? (
        <Button variant="outline-light" size="sm" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      ) : null}
    </div>
  );
}
