import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_PATHS, type PasswordChangeBody } from '../../../../contract/account.js';
import { apiCall } from '../../../lib/api-client.js';
import { accountKeys } from './keys.js';

export const changePassword = (body: PasswordChangeBody) =>
  apiCall('PUT', ACCOUNT_PATHS.password, z.object({ success: z.literal(true) }), { body });

/** Changes my password; my other sessions end (the list is read again). */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.me() }) });
}
