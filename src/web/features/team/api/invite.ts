import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEAM_PATHS, TeamLinkSchema, type InviteBody } from '../../../../contract/team.js';
import { apiCall } from '../../../lib/api-client.js';
import { teamKeys } from './keys.js';

export const invite = (body: InviteBody) => apiCall('POST', TEAM_PATHS.invitations, TeamLinkSchema, { body });

/** Invites a colleague: the answer holds the link (shown once) and whether it was mailed. */
export function useInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: invite, onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}
