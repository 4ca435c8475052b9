import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, setCsrfToken } from '../../../lib/api-client.js';
import { setDraftOwner } from '../../../lib/drafts.js';
import { may, type Action } from '../../../../contract/access.js';
import { SessionSchema } from '../../../../contract/session.js';
import { authKeys } from './keys.js';

/**
 * Who is signed in, read through the session's one query; its CSRF token goes with every call that
 * changes something, and its user is whose drafts the forms keep (another user's are erased here,
 * however this one signed in: a password, single sign-on, a link).
 */
export async function getSession() {
  const session = await apiCall('GET', '/api/session', SessionSchema);
  setCsrfToken(session.csrfToken);
  setDraftOwner(session.user.email);
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: authKeys.session(), queryFn: getSession, retry: false, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());

/** What the signed-in role may do (the contract's `may`, as the server enforces it); nothing before the session is read. */
export function useMay(): (action: Action) => boolean {
  const role = useSession().data?.user.role;
  return (action) => role !== undefined && may(role, action);
}
