import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_PATHS, ColleaguesSchema } from '../../../../contract/assignments.js';
import { apiCall } from '../../../lib/api-client.js';
import { assignmentKeys } from './keys.js';

export const getColleagues = (signal?: AbortSignal) => apiCall('GET', ASSIGNMENT_PATHS.colleagues, ColleaguesSchema, { signal });

/** The active colleagues one may assign a file to (staff and managers only: `enabled` says whether to ask). */
export const useColleagues = (enabled: boolean) =>
  useQuery(
    queryOptions({ queryKey: assignmentKeys.colleagues(), queryFn: ({ signal }) => getColleagues(signal), staleTime: 60_000, enabled }),
  );
