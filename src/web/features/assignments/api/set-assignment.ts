import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSIGNMENT_PATHS, AssignmentSchema, type AssignedKind } from '../../../../contract/assignments.js';
import { apiCall } from '../../../lib/api-client.js';
import { assignmentKeys } from './keys.js';

export const setAssignment = (kind: AssignedKind, id: string, userId: string | null) =>
  apiCall('PUT', ASSIGNMENT_PATHS.of(kind, id), AssignmentSchema, { body: { userId } });

/** Assigns the file (or to nobody): the control shows the server's answer. */
export function useSetAssignment(kind: AssignedKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) => setAssignment(kind, id, userId),
    onSuccess: (answer) => qc.setQueryData(assignmentKeys.of(kind, id), answer),
  });
}
