import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LoginBody } from '../../../../contract/session.js';
import { apiCall, newSessionEpoch } from '../../../lib/api-client.js';
import { clearDrafts } from '../../../lib/drafts.js';
import { tellOtherTabs } from '../../../lib/session-broadcast.js';

export const login = (body: LoginBody) => apiCall('POST', '/api/login', z.object({ success: z.literal(true) }), { body });

/**
 * A successful sign-in starts from nothing: a new session epoch (a late 401 to a call sent before
 * it cannot send the user back to sign-in), an empty cache (nothing another user loaded, and no
 * cached "not signed in" for the guard to read), and no draft of another user.
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (_ok, body) => {
      newSessionEpoch();
      qc.clear();
      clearDrafts(body.email);
      // the other tabs of this browser now act as this user: they reload as them
      tellOtherTabs({ kind: 'signed-in', email: body.email });
    },
  });
}
