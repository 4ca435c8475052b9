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
export function useLiveEvents(affected: (e: PartnerEvent) => QueryKey[]): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/api/events');
    source.onopen = () => setState('open');
    source.onerror = () => setState('reconnecting');
    source.addEventListener('partner', (message) => {
      const parsed = PartnerEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (!parsed.success) return;
      for (const queryKey of keysToRefresh(queryClient, affected(parsed.data))) void queryClient.invalidateQueries({ queryKey });
      window.dispatchEvent(new CustomEvent<PartnerEvent>(PARTNER_EVENT, { detail: parsed.data }));
    });
    return () => source.close();
  }, [queryClient, affected]);
  return state;
}
