import type { Query } from '@tanstack/react-query';

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
