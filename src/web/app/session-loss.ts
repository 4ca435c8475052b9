import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../../contract/session.js';
import { authKeys } from '../features/auth/api/keys.js';
import { newSessionEpoch, onRoleSeen, onUnauthenticated } from '../lib/api-client.js';
import type { AppRouter } from './router.js';

/**
 * A call answered "not signed in" sends the visitor to sign-in (and back here after), which says the
 * session has ended (`ended=1`) when the tab had one: closed on another device or by a manager, or idle too long.
 */
export function followSessionLoss(queryClient: QueryClient, router: AppRouter): () => void {
  return onUnauthenticated(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/sign-in' || pathname === '/sign-out') return;
    // a tab that had a session is told it ended; a visitor who never signed in is simply asked to
    const ended = queryClient.getQueryData<Session>(authKeys.session()) ? 'ended=1&' : '';
    // leave the signed-in pages first, so nothing re-reads what is cleared (each read would answer 401)
    void router.navigate(`/sign-in?${ended}next=${encodeURIComponent(pathname + search)}`, { replace: true }).then(() => {
      newSessionEpoch();
      queryClient.clear();
    });
  });
}

/**
 * A call answered under another role than the session shows (a manager changed it): the session is
 * read again, and the pages show what the new role may do from this answer on.
 */
export function followRoleChanges(queryClient: QueryClient): () => void {
  return onRoleSeen((role) => {
    const session = queryClient.getQueryData<Session>(authKeys.session());
    // a read under way is let finish (its own answer carries the new role): cancelling it for a new
    // one would read the session for ever
    if (session && session.user.role !== role)
      void queryClient.invalidateQueries({ queryKey: authKeys.session() }, { cancelRefetch: false });
  });
}
