import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_PATHS, type Account } from '../../../../contract/account.js';
import { apiCall } from '../../../lib/api-client.js';
import { accountKeys } from './keys.js';

export const setReminders = (enabled: boolean) =>
  apiCall('PUT', ACCOUNT_PATHS.reminders, z.object({ success: z.literal(true) }), { body: { enabled } });

/** My monthly reminders on or off: the switch shows the answer's state. */
export function useSetReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setReminders,
    onSuccess: (_ok, enabled) => qc.setQueryData<Account>(accountKeys.me(), (a) => (a ? { ...a, remindersEnabled: enabled } : a)),
  });
}
