import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '../../../../contract/account.js';
import { apiCall } from '../../../lib/api-client.js';
import { accountKeys } from './keys.js';

const Done = z.object({ success: z.literal(true) });

/** Ends one of my sessions (by key), or every one but this (`others`). */
export const endSessions = (which: { key: string } | 'others') =>
  which === 'others' ? apiCall('POST', ACCOUNT_PATHS.others, Done) : apiCall('DELETE', ACCOUNT_PATHS.session(which.key), Done);

export function useEndSessions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: endSessions, onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.me() }) });
}
