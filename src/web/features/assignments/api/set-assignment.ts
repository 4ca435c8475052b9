import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSIGNMENT_PATHS, AssignmentSchema, type AssignedKind } from '../../../../contract/assignments.js';
import { apiCall } from '../../../lib/api-client.js';
import { areaKey, inboxKeys, watchedKey } from '../../../lib/query-keys.js';
import { assignmentKeys } from './keys.js';

export const setAssignment = (kind: AssignedKind, id: string, userId: string | null) =>
  apiCall('PUT', ASSIGNMENT_PATHS.of(kind, id), AssignmentSchema, { body: { userId } });

/**
 * Assigns the file (to a colleague, `me`, or nobody): the control shows the server's answer, and
 * the lists that keep "mine" or "looked after by" (the lists, the work queue, the round) read again,
 * and what the person watches (the assignee watches the file from then on).
 */
export function useSetAssignment(kind: AssignedKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) => setAssignment(kind, id, userId),
    onSuccess: async (answer) => {
      qc.setQueryData(assignmentKeys.of(kind, id), answer);
      await Promise.all(
        [areaKey(kind === 'claim' ? 'claims' : 'projects'), inboxKeys.all, ['round'], watchedKey].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
