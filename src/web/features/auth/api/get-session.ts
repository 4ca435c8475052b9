import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, setCsrfToken } from '../../../lib/api-client.js';
import { SessionSchema } from '../../../../contract/session.js';
import { authKeys } from './keys.js';

/**
 * index.html preloads GET /api/session for every page load (the request leaves with the page, not
 * once the app's code has run), and the first read of this load takes that answer. A preload left
 * unread would answer a later read instead, even after a sign-out and another user's sign-in: so
 * the first page reads it whatever it is (readPreloadedSession for the pages outside the session).
 */
let preloadRead = false;

export async function getSession() {
  preloadRead = true;
  const session = await apiCall('GET', '/api/session', SessionSchema);
  setCsrfToken(session.csrfToken);
  return session;
}

/** A page outside the signed-in ones (sign-in, sign-out, a link's page, not found) reads this load's preloaded session and drops it. */
export function readPreloadedSession(): void {
  if (preloadRead) return;
  preloadRead = true;
  apiCall('GET', '/api/session', SessionSchema, { signedOutIsAnswer: true }).catch(() => undefined);
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: authKeys.session(), queryFn: getSession, retry: false, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
