import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/errors/app-error';

/** One QueryClient for the app. CMS content changes rarely; chain reads set their own staleTime. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
