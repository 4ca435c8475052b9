import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LoginBody } from '../../../../contract/session.js';
import { apiCall } from '../../../lib/api-client.js';
import { authKeys } from './keys.js';

export const login = (body: LoginBody) => apiCall('POST', '/api/login', z.object({ success: z.literal(true) }), { body });

export function useLogin() {
  const qc = useQueryClient();
  // reset, not invalidate: the cached "401, not signed in" must not be shown again while the
  // session is re-read, or the page asked for would bounce back to sign-in
  return useMutation({ mutationFn: login, onSuccess: () => qc.resetQueries({ queryKey: authKeys.all }) });
}
