import { queryOptions, useQuery } from '@tanstack/react-query';
import { ModeSchema } from '../../../../contract/session.js';
import { apiCall } from '../../../lib/api-client.js';
import { authKeys } from './keys.js';

export const getMode = () => apiCall('GET', '/api/mode', ModeSchema);

export const getModeQueryOptions = () => queryOptions({ queryKey: authKeys.mode(), queryFn: getMode, staleTime: Infinity });

export const useMode = () => useQuery(getModeQueryOptions());
