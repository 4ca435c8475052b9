import { useDeferredValue } from 'react';

/**
 * A query's answer as a page draws it: in a transition (issue 14). Query's updates are drawn
 * synchronously (useSyncExternalStore), so a list's answer was one task that built every line of
 * it (100-500 ms with a 4x slower CPU on the home page), during which a tap went unanswered. The
 * answer drawn here is deferred: the urgent render keeps what was on screen (the placeholder) and
 * React builds the lines in a background render that it slices. `pending` holds the placeholder
 * until the lines are drawn, so nothing blinks to empty in between.
 */
export function useDeferredAnswer<T>(query: { data: T | undefined; isPending: boolean }): { data: T | undefined; pending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (data === undefined && query.data !== undefined) };
}
