import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client.js';
import { authKeys } from './keys.js';

const ModeSchema = z.object({ mode: z.enum(['sandbox', 'live']) });

export const getMode = () => apiCall('GET', '/api/mode', ModeSchema);

export const getModeQueryOptions = () => queryOptions({ queryKey: authKeys.mode(), queryFn: getMode, staleTime: Infinity });

export const useMode = () => useQuery(getModeQueryOptions());
