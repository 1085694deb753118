import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What a card or the table shows: a skeleton, an error with Try again (naming the inputs that
 * failed where a figure has several), or its figures.
 */
export type Read<T> =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void; missing?: readonly string[] }
  | { status: 'success'; data: T };

type QueryLike = Pick<UseQueryResult, 'status' | 'data' | 'refetch'>;

type DataOf<Q extends readonly QueryLike[]> = { [K in keyof Q]: Exclude<Q[K]['data'], undefined> };

/**
 * One view of the reads a figure needs. A failed read wins (the figure cannot be shown, and
 * waiting for the others would only delay saying so); Try again re-runs just the failed reads.
 */
export function combineReads<const Q extends readonly QueryLike[], T>(
  queries: Q,
  compute: (...data: DataOf<Q>) => T,
): Read<T> {
  const failed = queries.filter((query) => query.status === 'error');
  if (failed.length > 0) {
    return {
      status: 'error',
      retry: () => {
        for (const query of failed) void query.refetch();
      },
    };
  }
  if (queries.some((query) => query.status !== 'success')) return { status: 'pending' };
  return { status: 'success', data: compute(...(queries.map((query) => query.data) as DataOf<Q>)) };
}
