import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { isReturnPath } from '../../contract/return-path.js';
import type { Session } from '../../contract/session.js';
import { authKeys } from '../features/auth/api/keys.js';
import { newSessionEpoch, setCsrfToken } from '../lib/api-client.js';
import { onOtherTabNews, type SessionNews } from '../lib/session-broadcast.js';

type Router = ReturnType<typeof createBrowserRouter>;
// the pages outside the session (nothing of a user to forget; a set-password page keeps what is typed)
const OUTSIDE = new Set(['/sign-in', '/sign-out', '/set-password']);

/**
 * What another tab of this browser tells about the shared session: a sign-out sends this tab to
 * sign-in, having forgotten what it showed (as the sign-out does); a sign-in of another user
 * reloads this tab as that user, so it never shows one user while acting as another. A tab that
 * waits on the sign-in page (its session ended) goes back, at a sign-in in another tab, to the page
 * it was on, where its drafts come back if it is the same user (another user's sign-in erases them).
 */
export async function followOtherTab(news: SessionNews, queryClient: QueryClient, router: Router, reload: () => void): Promise<void> {
  const { pathname, search } = router.state.location;
  if (pathname === '/sign-in' && news.kind === 'signed-in') {
    const next = new URLSearchParams(search).get('next');
    newSessionEpoch();
    queryClient.clear();
    await router.navigate(isReturnPath(next) ? next : '/', { replace: true });
    return;
  }
  if (OUTSIDE.has(pathname)) return;
  // how to forget a session is not needed to draw the first page: it loads when another tab speaks
  const forgetting = import('../features/auth/api/logout.js');
  const forgetSession = async (qc: QueryClient) => (await forgetting).forgetSession(qc);
  const shown = queryClient.getQueryData<Session>(authKeys.session());
  if (news.kind === 'signed-in') {
    if (shown?.user.email.toLowerCase() === news.email.toLowerCase()) return;
    await forgetSession(queryClient);
    reload();
    return;
  }
  // leave the signed-in pages first, so nothing re-reads what is forgotten
  await router.navigate('/sign-in', { replace: true });
  await forgetSession(queryClient);
  setCsrfToken('');
}

export function useSessionAcrossTabs(queryClient: QueryClient, router: Router): void {
  useEffect(
    () => onOtherTabNews((news) => void followOtherTab(news, queryClient, router, () => window.location.reload())),
    [queryClient, router],
  );
}
