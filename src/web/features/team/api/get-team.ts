import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAM_PATHS, TeamSchema } from '../../../../contract/team.js';
import { apiCall } from '../../../lib/api-client.js';
import { teamKeys } from './keys.js';

export const getTeam = (signal?: AbortSignal) => apiCall('GET', TEAM_PATHS.team, TeamSchema, { signal });

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.list(), queryFn: ({ signal }) => getTeam(signal) });

/** Every user of the dashboard, with role, state, last sign-in and pending link (managers). */
export const useTeam = (enabled = true) => useQuery({ ...teamQueryOptions(), enabled });
