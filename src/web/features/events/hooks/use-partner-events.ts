import { useEffect, useRef } from 'react';
import type { PartnerEvent } from '../../../../contract/session.js';
import { PARTNER_EVENT } from './use-live-events.js';

/** Calls `handler` for each live partner event received by the layout's stream. */
export function usePartnerEvents(handler: (e: PartnerEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (e: Event) => latest.current((e as CustomEvent<PartnerEvent>).detail);
    window.addEventListener(PARTNER_EVENT, listener);
    return () => window.removeEventListener(PARTNER_EVENT, listener);
  }, []);
}
