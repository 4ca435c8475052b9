import { keepPreviousData, queryOptions, type Query } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from './api-client.js';
import { listSearch } from './list-search.js';

/** How often a list read from the server's read model is read again while its first sync runs. */
export const SYNCING_REFETCH_MS = 3_000;

/**
 * `refetchInterval` of the queries answered from the read model: while the server's first sync
 * with the partner runs (`asOf` null), the list fills in by itself; then it waits for the live
 * updates as before.
 */
export function refetchWhileSyncing<T extends { asOf: number | null }>(query: Query<T, Error, T, readonly unknown[]>): number | false {
  return query.state.data?.asOf === null ? SYNCING_REFETCH_MS : false;
}

/**
 * A page of a list the server reads from its read model (the claims', the projects'): its filters,
 * sort and page as the query string; the page before stays on screen while the next one comes.
 */
export const readModelPageOptions = <S extends z.ZodType<{ asOf: number | null }>>(
  queryKey: readonly unknown[],
  path: string,
  schema: S,
  q: object,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiCall('GET', `${path}?${listSearch(q)}`, schema, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileSyncing,
  });
