import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall, getCsrfToken, newSessionEpoch, setCsrfToken } from '../../../lib/api-client.js';
import { endDrafts } from '../../../lib/drafts.js';
import { clearRecent } from '../../../lib/recent-items.js';
import { tellOtherTabs } from '../../../lib/session-broadcast.js';
import { forgetClock } from '../lib/session-clock.js';
import { getSession } from './get-session.js';

export const logout = () => apiCall('POST', '/api/logout', z.object({ success: z.literal(true) }));

/**
 * What this tab forgets when its user signs out (here, or in another tab): calls in flight, cached
 * answers, drafts, the session's clock (so no later visit is told a session "ended"). A session that
 * ends by itself (idle, its absolute limit, closed elsewhere) keeps the drafts for its user instead.
 */
export async function forgetSession(qc: QueryClient): Promise<void> {
  newSessionEpoch();
  await qc.cancelQueries();
  qc.clear();
  endDrafts();
  clearRecent();
  forgetClock();
}

/**
 * Signing out, once no page is shown any more (so nothing re-reads what is cleared): every call in
 * flight is cancelled, every cached answer and every draft forgotten, then the server ends the
 * session. No request is sent after that would answer 401.
 */
export function useSignOut(): () => Promise<void> {
  const qc = useQueryClient();
  return async () => {
    await forgetSession(qc);
    try {
      // a reload of the sign-out page has lost the CSRF token kept in memory: read it again
      if (!getCsrfToken()) await getSession();
      await logout();
    } catch {
      // already signed out (expired session) or offline: the cookie expires with the session
    }
    setCsrfToken('');
    qc.clear();
    tellOtherTabs({ kind: 'signed-out' });
  };
}
