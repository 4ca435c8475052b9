import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Role } from '../../../../contract/session.js';
import { TEAM_PATHS, TeamMemberSchema } from '../../../../contract/team.js';
import { apiCall } from '../../../lib/api-client.js';
import { teamKeys } from './keys.js';

export type MemberChange =
  { id: string; kind: 'role'; role: Role } | { id: string; kind: 'deactivate' | 'reactivate' } | { id: string; kind: 'revoke' };

/** One change to a colleague: PATCH the role, deactivate, reactivate, or revoke their invitation. */
export function changeMember(c: MemberChange): Promise<unknown> {
  switch (c.kind) {
    case 'role':
      return apiCall('PATCH', TEAM_PATHS.user(c.id), TeamMemberSchema, { body: { role: c.role } });
    case 'deactivate':
      return apiCall('POST', TEAM_PATHS.deactivate(c.id), TeamMemberSchema);
    case 'reactivate':
      return apiCall('POST', TEAM_PATHS.reactivate(c.id), TeamMemberSchema);
    case 'revoke':
      return apiCall('DELETE', TEAM_PATHS.invitation(c.id), z.object({ success: z.literal(true) }));
  }
}

export function useChangeMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeMember, onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}
