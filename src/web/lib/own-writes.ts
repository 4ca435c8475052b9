import { partialMatchKey, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { inboxKeys } from './query-keys.js';

/**
 * One write, one refresh. A write made in this tab refreshes what it changed (and the inbox, which
 * any change may settle) once, when it ends. The partner then echoes it as a webhook that reaches
 * every tab as a live event; in this tab, the first event about data that a write has just
 * refreshed is taken for that echo (with the events of the same family that come with it within
 * ECHO_BURST_MS: a declared month's rental_debt.created and .updated, a payment spread over months) and what the
 * write refreshed is not asked again. Only that burst: a later event about the same data within the
 * window (a colleague applying the claim just after this tab declared a month) is someone else's
 * change and is applied. Events that come while the
 * write is in flight are held by it (its own refresh follows and shows them), the first of them
 * taken for its echo.
 */

/** How long after a write of this tab a live event about the same data is taken for its echo (webhooks come within a second). */
export const ECHO_WINDOW_MS = 5_000;
/** The partner sends a write's events together (a claim's creation: claim.created and its first month): one burst. */
export const ECHO_BURST_MS = 1_000;

interface Write {
  /** Key prefixes the write refreshed or filled. */
  keys: QueryKey[];
  /** Until when its echo is expected: while it is in flight, for ever. */
  until: number;
  /** When its echo came and what it was: only events of that family (rental_debt.*) within ECHO_BURST_MS belong to it. */
  echoedAt?: number;
  echoType?: string;
}

const writes = new WeakMap<QueryClient, Set<Write>>();

function writesOf(qc: QueryClient): Set<Write> {
  let set = writes.get(qc);
  if (!set) writes.set(qc, (set = new Set()));
  return set;
}

const covers = (w: Write, key: QueryKey) => w.keys.some((k) => partialMatchKey(key, k));

/**
 * The keys a live event makes stale (`keys`) that still need a refresh: all of them, unless the
 * event is the echo of a write of this tab (a write in flight, or the first burst of events about a
 * write's data within ECHO_WINDOW_MS of its end), whose keys are then left out. The inbox, which every write
 * refreshes and every event names, does not make an event an echo on its own.
 */
export function keysToRefresh(qc: QueryClient, keys: readonly QueryKey[], type: string, now = Date.now()): QueryKey[] {
  const set = writesOf(qc);
  for (const w of set) if (w.until <= Date.now()) set.delete(w);
  const live = [...set].filter((w) => w.until > now);
  const about = (w: Write) => keys.some((key) => !partialMatchKey(key, inboxKeys.all) && covers(w, key));
  const inFlight = live.filter((w) => w.until === Infinity && about(w));
  // the family of an event type: a declaration's rental_debt.created comes with a rental_debt.updated
  const family = (t: string | undefined) => t?.split('.')[0];
  const belongs = (w: Write) => w.echoedAt === undefined || (family(w.echoType) === family(type) && now - w.echoedAt <= ECHO_BURST_MS);
  const echoOf = inFlight.length > 0 ? null : live.find((w) => belongs(w) && about(w));
  if (echoOf && echoOf.echoedAt === undefined) {
    echoOf.echoedAt = now;
    echoOf.echoType = type;
  }
  // an event held by a write in flight is taken for its echo (the partner's webhook may come before
  // the write's answer): once the write ends, only the rest of that burst is, not a colleague's
  // change a few seconds later
  for (const w of inFlight)
    if (w.echoedAt === undefined) {
      w.echoedAt = now;
      w.echoType = type;
    }
  const holding = echoOf ? [echoOf] : inFlight;
  return keys.filter((key) => !holding.some((w) => covers(w, key)));
}

export interface WriteOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
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
  return useMutation<TData, Error, TVariables, Write>({
    mutationKey,
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
