import { useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { readNodeMismatch, subscribeReadNodeChain } from '@/lib/chain/read-node-chain';

/**
 * A failed load: says so and offers a retry instead of leaving an empty or blank area. `inline`
 * is the one-line form for a secondary read that failed while the rest of the page is shown.
 * When the read node turned out to be on another chain than the configured one, every chain read
 * fails and no retry can help: the section says that configuration error instead.
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
  const mismatch = useSyncExternalStore(subscribeReadNodeChain, readNodeMismatch);
  if (mismatch) {
    const text = t('errors.chainMismatch', {
      url: mismatch.rpcUrl,
      actual: mismatch.actual,
      configured: mismatch.configured,
    });
    return (
      <div className={inline ? 'error-state-inline' : 'error-state text-center py-4'} role="alert">
        {inline ? <span>{text}</span> : <p>{text}</p>}
      </div>
    );
  }
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
