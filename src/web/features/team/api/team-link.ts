import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEAM_PATHS, TeamLinkSchema } from '../../../../contract/team.js';
import { apiCall } from '../../../lib/api-client.js';
import { teamKeys } from './keys.js';

/** A new link for a colleague: the invitation again (the old link dies) or a password reset. */
export const newTeamLink = ({ id, kind }: { id: string; kind: 'invite' | 'reset' }) =>
  apiCall('POST', kind === 'invite' ? TEAM_PATHS.invitation(id) : TEAM_PATHS.reset(id), TeamLinkSchema);

export function useNewTeamLink() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: newTeamLink, onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}
