import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NOTIFICATIONS_EVENT, UnreadCountSchema, type UnreadCount } from '../../../../contract/follows.js';
import { PartnerEventSchema, TODAY_EVENT, type PartnerEvent } from '../../../../contract/session.js';
import { keysToRefresh } from '../../../lib/own-writes.js';
import { parseRelay, relayChannel, type Relay } from './live-relay.js';

/** Pages listen to this window event rather than open a second stream. */
export const PARTNER_EVENT = 'partner-event';

export type LiveState = 'connecting' | 'open' | 'reconnecting';

/** How long a stream the browser gave up on waits before it opens again (the session is still valid). */
export const REOPEN_MS = 3000;
/** The streaming tab tells the others it is alive this often... */
export const BEAT_MS = 5000;
/** ...and one of them takes its place after this long without a word (a frozen or discarded tab keeps its lock). */
export const SILENCE_MS = 3 * BEAT_MS;
const LOCK = 'pd.live-events';

/**
 * One stream per browser, shared by its tabs: a browser keeps at most 6 connections to one
 * HTTP/1.1 host, so a stream per tab left the seventh tab without a connection to load its page.
 * The tab holding a Web Locks lock streams and relays each event over a BroadcastChannel (which
 * never delivers to its sender, so it hands them to its own tab too); the others wait in line for
 * the lock, so one takes over as soon as the streaming tab closes, and steals it when the relay
 * falls silent. A new streamer resumes from the last event seen (`?lastEventId=`: EventSource
 * cannot set a header on its first open); every tab skips an event it has had. Each relay names
 * the user it was streamed for: a tab still showing another user never acts on it. Without Web
 * Locks or BroadcastChannel (an old browser, a page not served over HTTPS), each tab streams alone.
 *
 * Each event refreshes exactly the data it concerns (`affected`, given by the app, which knows
 * every feature's keys), except what a write of this tab refreshed when the server says the event
 * reports that write's result (keysToRefresh). Whether an event reports the person's own write
 * (`own`) is the server's word too: the pages say only what someone else changed.
 *
 * A stream closed for good by the browser (an answer other than the stream: 401 once the session
 * ended, 429, 5xx) is not retried by EventSource: `checkSession` asks whether the session still
 * holds: when it does, the stream opens again; when it does not, the app goes to sign-in.
 *
 * The same stream says the reader's count of unread notifications when it changes (its
 * `notifications` event, the person's own): handed to `onNotifications` in every tab of hers; and
 * when the partner's today moves (`today`: the sandbox's clock), every tab reads its data again.
 */
export function useLiveEvents(
  owner: string,
  affected: (e: PartnerEvent) => QueryKey[],
  checkSession: () => Promise<boolean>,
  onNotifications?: (count: UnreadCount) => void,
): LiveState {
  const queryClient = useQueryClient();
  // the latest handler, without opening the stream again when it changes
  const notify = useRef(onNotifications);
  useEffect(() => {
    notify.current = onNotifications;
  });
  const [state, setState] = useState<LiveState>('connecting');
  // the last event this tab has had, kept across a change of streamer
  const seen = useRef(-1);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const stopped = new AbortController();
    const channel = relayChannel();
    const locks = typeof navigator !== 'undefined' && channel ? navigator.locks : undefined;

    const deliver = (e: PartnerEvent) => {
      if (e.seq <= seen.current) return;
      seen.current = e.seq;
      for (const queryKey of keysToRefresh(queryClient, affected(e), e.write)) void queryClient.invalidateQueries({ queryKey });
      window.dispatchEvent(new CustomEvent<PartnerEvent>(PARTNER_EVENT, { detail: e }));
    };
    // the partner's today moved (a manager moved the sandbox's clock): every date rule and every
    // page's data are read again, as in the tab that moved it (a payment's date, what is due)
    const todayMoved = () => void queryClient.invalidateQueries();
    let told: LiveState = 'connecting';
    const beat = () => channel?.postMessage({ kind: 'beat', owner, state: told, seq: seen.current } satisfies Relay);
    const tell = (s: LiveState) => {
      told = s;
      setState(s);
      beat();
    };

    /** Streams until `until` aborts (the tab closes, or another tab took the lock). */
    const stream = (until: AbortSignal) =>
      new Promise<void>((resolve) => {
        let source: EventSource | undefined;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const open = () => {
          source = new EventSource(seen.current >= 0 ? `/api/events?lastEventId=${seen.current}` : '/api/events');
          const self = source;
          self.onopen = () => tell('open');
          self.onerror = () => {
            tell('reconnecting');
            if (self.readyState !== EventSource.CLOSED) return; // the browser retries by itself
            self.close();
            void checkSession()
              .catch(() => true) // offline or server down: try the stream again later
              .then((valid) => {
                if (valid && !until.aborted) timer = setTimeout(open, REOPEN_MS);
              });
          };
          // where the log stood when the stream opened: the next streamer resumes from there
          self.addEventListener('ready', (m) => {
            const top = Number((m as MessageEvent<string>).data);
            if (Number.isSafeInteger(top) && top > seen.current) seen.current = top;
          });
          self.addEventListener('partner', (m) => {
            const parsed = PartnerEventSchema.safeParse(JSON.parse((m as MessageEvent<string>).data));
            if (!parsed.success) return;
            channel?.postMessage({ kind: 'event', owner, event: parsed.data } satisfies Relay);
            deliver(parsed.data);
          });
          self.addEventListener(TODAY_EVENT, () => {
            channel?.postMessage({ kind: 'today', owner } satisfies Relay);
            todayMoved();
          });
          self.addEventListener(NOTIFICATIONS_EVENT, (m) => {
            const parsed = UnreadCountSchema.safeParse(JSON.parse((m as MessageEvent<string>).data));
            if (!parsed.success) return;
            channel?.postMessage({ kind: 'notifications', owner, count: parsed.data } satisfies Relay);
            notify.current?.(parsed.data);
          });
        };
        const beating = setInterval(beat, BEAT_MS);
        open();
        until.addEventListener(
          'abort',
          () => {
            clearInterval(beating);
            clearTimeout(timer);
            source?.close();
            resolve();
          },
          { once: true },
        );
      });

    if (!locks) {
      void stream(stopped.signal);
      return () => stopped.abort();
    }

    let leading = false;
    let current: AbortController | undefined;
    /** Waits in line for the lock (or takes it from a silent streamer), then streams while it holds it. */
    const contend = (steal: boolean) => {
      current?.abort();
      const mine = new AbortController();
      current = mine;
      const options: LockOptions = steal ? { steal: true } : { signal: mine.signal };
      void locks
        .request(LOCK, options, async () => {
          leading = true;
          await stream(mine.signal);
        })
        .catch(() => undefined) // given up for a steal, or the lock taken from it
        .finally(() => {
          if (current !== mine) return;
          leading = false;
          mine.abort();
          // another tab took the lock from this one (it thought it frozen): wait in line again
          if (!stopped.signal.aborted) contend(false);
        });
    };

    let heard = Date.now();
    const onRelay = (m: MessageEvent<unknown>) => {
      const relay = parseRelay(m.data);
      if (!relay) return;
      heard = Date.now();
      if (leading || relay.owner !== owner) return;
      if (relay.kind === 'event') deliver(relay.event);
      else if (relay.kind === 'notifications') notify.current?.(relay.count);
      else if (relay.kind === 'today') todayMoved();
      else {
        setState(relay.state);
        if (relay.seq > seen.current) seen.current = relay.seq;
      }
    };
    channel?.addEventListener('message', onRelay);
    const watching = setInterval(() => {
      if (leading || Date.now() - heard < SILENCE_MS) return;
      heard = Date.now();
      contend(true);
    }, BEAT_MS);
    contend(false);
    return () => {
      stopped.abort();
      clearInterval(watching);
      channel?.removeEventListener('message', onRelay);
      channel?.close();
      current?.abort();
    };
  }, [queryClient, owner, affected, checkSession]);
  return state;
}
