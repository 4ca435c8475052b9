import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';

/**
 * Retry network errors and 5xx only, never 4xx; the 401 redirect is handled by the api client.
 * Each write refreshes what it changed itself (own-writes.ts), the inbox included.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, error) => count < 2 && error instanceof ApiError && error.retryable,
      },
      mutations: { retry: false },
    },
  });
}
