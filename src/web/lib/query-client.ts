import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';

/** Retry network errors and 5xx only, never 4xx; the 401 redirect is handled by the api client. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // any change may settle an item of the work inbox (its key is ['inbox'])
    mutationCache: new MutationCache({ onSettled: () => void client.invalidateQueries({ queryKey: ['inbox'] }) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, error) => count < 2 && error instanceof ApiError && error.retryable,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
