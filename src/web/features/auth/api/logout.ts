import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client.js';

export const logout = () => apiCall('POST', '/api/logout', z.object({ success: z.literal(true) }));

/** Signing out forgets every cached answer: the next user sees nothing of this one's data. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => qc.clear() });
}
