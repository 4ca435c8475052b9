import type { QueryClient } from '@tanstack/react-query';
import { newSessionEpoch, onUnauthenticated } from '../lib/api-client.js';
import type { AppRouter } from './router.js';

/** A call answered "not signed in" sends the visitor to sign-in (and back here after). */
export function followSessionLoss(queryClient: QueryClient, router: AppRouter): () => void {
  return onUnauthenticated(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/sign-in' || pathname === '/sign-out') return;
    // leave the signed-in pages first, so nothing re-reads what is cleared (each read would answer 401)
    void router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`, { replace: true }).then(() => {
      newSessionEpoch();
      queryClient.clear();
    });
  });
}
