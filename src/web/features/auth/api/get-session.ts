import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, setCsrfToken } from '../../../lib/api-client.js';
import { contractSteps } from '../../../lib/contract-steps.js';
import { authKeys } from './keys.js';

/** The session's schema: zod and the contract come with the first read, not in the first load. */
const sessionSchema = async () => {
  await contractSteps();
  return (await import('../../../../contract/session.js')).SessionSchema;
};

export async function getSession() {
  const session = await apiCall('GET', '/api/session', sessionSchema);
  setCsrfToken(session.csrfToken);
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: authKeys.session(), queryFn: getSession, retry: false, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
