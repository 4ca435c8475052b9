import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TEAM_PATHS, type UseLinkBody } from '../../../../contract/team.js';
import { apiCall, newSessionEpoch } from '../../../lib/api-client.js';
import { clearDrafts } from '../../../lib/drafts.js';
import { tellOtherTabs } from '../../../lib/session-broadcast.js';

export const setPasswordWithLink = (body: UseLinkBody) =>
  apiCall('POST', TEAM_PATHS.useLink, z.object({ success: z.literal(true) }), { body });

/** Sets the password with a link and signs in: like a sign-in, everything starts from nothing. */
export function useSetPasswordWithLink(email: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPasswordWithLink,
    onSuccess: () => {
      newSessionEpoch();
      qc.clear();
      // what another user of this tab left waiting is never shown to the one signing in
      clearDrafts(email);
      tellOtherTabs({ kind: 'signed-in', email });
    },
  });
}
