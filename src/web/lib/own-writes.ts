import { partialMatchKey, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { inboxKeys } from './query-keys.js';

/**
 * One write, one refresh. A write made in this tab refreshes what it changed (and the inbox, which
 * any change may settle) once, when it ends. The partner then echoes it as a webhook that reaches
 * every tab as a live event; in this tab, an event about data that a write is refreshing or has just
 * refreshed is that echo and is skipped. (A change made elsewhere to the same data within the window
 * shows at the next refresh: a focus, a remount, or any later event.)
 */

/** How long after a write of this tab a live event about the same data is taken for its echo (webhooks come within a second). */
export const ECHO_WINDOW_MS = 5_000;

interface Write {
  /** Key prefixes the write refreshed or filled. */
  keys: QueryKey[];
  /** Until when its echo is expected: while it is in flight, for ever. */
  until: number;
}

const writes = new WeakMap<QueryClient, Set<Write>>();

function writesOf(qc: QueryClient): Set<Write> {
  let set = writes.get(qc);
  if (!set) writes.set(qc, (set = new Set()));
  return set;
}

/** True when a write of this tab is refreshing, or has just refreshed, everything the key covers. */
export function coveredByOwnWrite(qc: QueryClient, key: QueryKey, now = Date.now()): boolean {
  const set = writesOf(qc);
  let covered = false;
  for (const w of set) {
    if (w.until <= now) set.delete(w);
    else if (w.keys.some((k) => partialMatchKey(key, k))) covered = true;
  }
  return covered;
}

export interface WriteOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The key prefixes the write changes, refreshed once when it ends (the inbox always is). */
  refreshes: (variables: TVariables) => readonly QueryKey[];
  /** Puts the answer in the cache (a created item) and says which keys it filled: they need no refresh. */
  patch?: (qc: QueryClient, data: TData, variables: TVariables) => readonly QueryKey[];
}

/** A mutation that owns its cache refresh: every hook that changes partner data is one. */
export function useWrite<TData, TVariables = void>({ mutationFn, refreshes, patch }: WriteOptions<TData, TVariables>) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVariables, Write>({
    mutationFn,
    onMutate: (variables) => {
      const write: Write = { keys: [...refreshes(variables), inboxKeys.all], until: Infinity };
      writesOf(qc).add(write);
      return write;
    },
    onSettled: async (data, error, variables, write) => {
      if (!write) return;
      const refreshed = [...write.keys];
      if (error) writesOf(qc).delete(write);
      else {
        if (patch && data !== undefined) write.keys.push(...patch(qc, data, variables));
        write.until = Date.now() + ECHO_WINDOW_MS;
      }
      // the screen's own callbacks (close a form, go to the new item) run once the change is shown
      await Promise.all(refreshed.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
