import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_PATHS, AssignmentSchema, type AssignedKind } from '../../../../contract/assignments.js';
import { apiCall } from '../../../lib/api-client.js';
import { assignmentKeys } from './keys.js';

export const getAssignment = (kind: AssignedKind, id: string, signal?: AbortSignal) =>
  apiCall('GET', ASSIGNMENT_PATHS.of(kind, id), AssignmentSchema, { signal });

/** Who looks after this project or claim. */
export const useAssignment = (kind: AssignedKind, id: string) =>
  useQuery(queryOptions({ queryKey: assignmentKeys.of(kind, id), queryFn: ({ signal }) => getAssignment(kind, id, signal) }));
