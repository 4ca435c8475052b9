import { partialMatchKey, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { inboxKeys } from './query-keys.js';

/**
 * One write, one refresh. A write made in this tab refreshes what it changed (and the inbox, which
 * any change may settle) once, when it ends. The partner then reports the change by webhook, which
 * reaches every tab as a live event. The server says whose state each event reports (it notes its
 * own writes while they are at the partner: the webhooks carry no request id), and when one write
 * of this person made it, that write's id, which this tab gave it. An event naming a write of this
 * tab reports a state the tab has already read, or is about to read, since it refreshes after the
 * write's answer, which the server sends only after it has read that state: what the write
 * refreshed is not asked again, the rest the event names is. Every other event is applied in full.
 */

/** This many of the tab's latest writes are remembered (a bound by count: an echo may come late, a retried webhook minutes later). */
export const REMEMBERED_WRITES = 100;

/** The key prefixes each write of a tab refreshed, by the id it sent with it. */
const writes = new WeakMap<QueryClient, Map<string, QueryKey[]>>();

function writesOf(qc: QueryClient): Map<string, QueryKey[]> {
  let map = writes.get(qc);
  if (!map) writes.set(qc, (map = new Map()));
  return map;
}

function remember(qc: QueryClient, id: string, keys: QueryKey[]): void {
  const map = writesOf(qc);
  map.set(id, keys);
  for (const oldest of map.keys()) {
    if (map.size <= REMEMBERED_WRITES) break;
    map.delete(oldest);
  }
}

/**
 * The keys a live event makes stale (`keys`) that still need a refresh in this tab: all of them,
 * unless the server says the event reports the result of `write`, a write of this tab, whose
 * refreshed keys are then left out.
 */
export function keysToRefresh(qc: QueryClient, keys: readonly QueryKey[], write: string | null): QueryKey[] {
  const refreshed = write === null ? undefined : writesOf(qc).get(write);
  if (!refreshed) return [...keys];
  return keys.filter((key) => !refreshed.some((k) => partialMatchKey(key, k)));
}

export interface WriteOptions<TData, TVariables> {
  /** Sends the write; `write` is its id, sent with it (the operations' `write` option) so that its live events name it. */
  mutationFn: (variables: TVariables, write: string) => Promise<TData>;
  /** The key prefixes the write changes, refreshed once when it ends (the inbox always is). */
  refreshes: (variables: TVariables) => readonly QueryKey[];
  /** Puts the answer in the cache (a created item) and says which keys it filled: they need no refresh. */
  patch?: (qc: QueryClient, data: TData, variables: TVariables) => readonly QueryKey[];
  /** Names the write, for a screen that must know it is under way (useIsMutating). */
  mutationKey?: QueryKey;
}

/** A mutation that owns its cache refresh: every hook that changes partner data is one. */
export function useWrite<TData, TVariables = void>({ mutationFn, refreshes, patch, mutationKey }: WriteOptions<TData, TVariables>) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    mutationKey,
    mutationFn: (variables) => {
      const id = crypto.randomUUID();
      const keys = [...refreshes(variables), inboxKeys.all];
      remember(qc, id, keys);
      return mutationFn(variables, id).then((data) => {
        if (patch) keys.push(...patch(qc, data, variables));
        return data;
      });
    },
    // the screen's own callbacks (close a form, go to the new item) run once the change is shown
    onSettled: (_data, _error, variables) =>
      Promise.all([...refreshes(variables), inboxKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
