import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PartnerEventSchema, type PartnerEvent } from '../../../../contract/session.js';
import { keysToRefresh } from '../../../lib/own-writes.js';

/** Pages listen to this window event rather than open a second stream. */
export const PARTNER_EVENT = 'partner-event';

export type LiveState = 'connecting' | 'open' | 'reconnecting';

/**
 * Subscribes to the server's event stream while signed in. EventSource reconnects by itself and
 * sends Last-Event-ID, so nothing is missed; each event refreshes exactly the data it concerns
 * (`affected`, given by the app, which knows every feature's keys), except what a write of this
 * tab is refreshing or has just refreshed when the event is that write's own echo (keysToRefresh).
 */
/** How long a stream the browser gave up on waits before it opens again (the session is still valid). */
export const REOPEN_MS = 3000;

/**
 * Stream closed for good by the browser (an answer other than the stream: 401 once the session
 * ended, 429, 5xx): EventSource does not retry those. `checkSession` asks whether the session
 * still holds: when it does, the stream opens again; when it does not, the app goes to sign-in.
 */
export function useLiveEvents(affected: (e: PartnerEvent) => QueryKey[], checkSession: () => Promise<boolean>): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/api/events');
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => setState('open');
    source.onerror = () => {
      setState('reconnecting');
      if (source.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      source.close();
      void checkSession()
        .catch(() => true) // offline or server down: try the stream again later
        .then((valid) => {
          if (valid && !ended) timer = setTimeout(() => setAttempt((n) => n + 1), REOPEN_MS);
        });
    };
    source.addEventListener('partner', (message) => {
      const parsed = PartnerEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (!parsed.success) return;
      for (const queryKey of keysToRefresh(queryClient, affected(parsed.data), parsed.data.type))
        void queryClient.invalidateQueries({ queryKey });
      window.dispatchEvent(new CustomEvent<PartnerEvent>(PARTNER_EVENT, { detail: parsed.data }));
    });
    return () => {
      ended = true;
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient, affected, checkSession, attempt]);
  return state;
}
