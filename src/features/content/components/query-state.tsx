import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The three states of a screen section fed by one query: a skeleton while loading, the error
 * message with a retry when the fetch failed (never a blank area), the content otherwise.
 */
export function QueryState<T>({
  query,
  skeleton = 'lines',
  children,
}: {
  query: QueryLike<T>;
  skeleton?: 'lines' | 'cards';
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingSkeleton rows={skeleton === 'cards' ? 4 : 3} variant={skeleton} />;
  if (query.isError || query.data === undefined) return <ErrorState onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
