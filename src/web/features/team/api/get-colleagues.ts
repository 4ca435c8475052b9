import { queryOptions, useQuery } from '@tanstack/react-query';
import { ColleaguesSchema, LIST_PATHS } from '../../../../contract/lists.js';
import { apiCall } from '../../../lib/api-client.js';
import { teamKeys } from './keys.js';

export const getColleagues = (signal?: AbortSignal) => apiCall('GET', LIST_PATHS.colleagues, ColleaguesSchema, { signal });

export const colleaguesQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.colleagues(), queryFn: ({ signal }) => getColleagues(signal), staleTime: 5 * 60_000 });

/** Active colleagues (managers and staff may read them; intermediaries do not ask). */
export const useColleagues = (enabled: boolean) => useQuery({ ...colleaguesQueryOptions(), enabled });
