import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../../contract/session.js';
import { authKeys } from '../features/auth/api/keys.js';
import { endReason } from '../features/auth/lib/session-clock.js';
import { newSessionEpoch, onRoleSeen, onUnauthenticated } from '../lib/api-client.js';
import type { AppRouter } from './router.js';

/**
 * Why the sign-in page is shown in the middle of someone's work (`ended=`): the session's idle limit or
 * its absolute limit (as the browser's clock of the session tells, even after the browser was closed),
 * or, for a tab that had a session, closed elsewhere (another device, a password changed, a manager);
 * `1` when it had one but cannot tell why. Nothing for a visitor who simply has to sign in (a page
 * opened without a session whose limits have not passed: its cookie was removed, say).
 */
export function endedParam(hadSession: boolean): string {
  const reason = endReason();
  if (reason === 'idle' || reason === 'max') return `ended=${reason}&`;
  return hadSession ? `ended=${reason ?? 1}&` : '';
}

/**
 * A call answered "not signed in" sends the visitor to sign-in (and back here after), which says
 * why the session has ended when the tab had one. What the person was typing stays in the tab's
 * drafts for them (drafts.ts): signing in again brings it back on this page.
 */
export function followSessionLoss(queryClient: QueryClient, router: AppRouter): () => void {
  return onUnauthenticated(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/sign-in' || pathname === '/sign-out') return;
    const ended = endedParam(queryClient.getQueryData<Session>(authKeys.session()) !== undefined);
    // leave the signed-in pages first, so nothing re-reads what is cleared (each read would answer 401)
    void router.navigate(`/sign-in?${ended}next=${encodeURIComponent(pathname + search + hash)}`, { replace: true }).then(() => {
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
