import { useDeferredValue } from 'react';

/**
 * A query's answer as a page draws it: in a transition. Query's updates are drawn synchronously
 * (useSyncExternalStore), so a list's answer would be one long task that builds every line of it,
 * during which a tap goes unanswered on a slow phone. The
 * answer drawn here is deferred: the urgent render keeps what was on screen (the placeholder) and
 * React builds the lines in a background render that it slices. `pending` holds the placeholder
 * until the lines are drawn, so nothing blinks to empty in between.
 */
export function useDeferredAnswer<T>(query: { data: T | undefined; isPending: boolean }): { data: T | undefined; pending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (data === undefined && query.data !== undefined) };
}
