import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectSchema } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export const getProject = (id: string, signal?: AbortSignal) => apiCall('GET', `/api/v3/projects/${id}`, ProjectSchema, { signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export const useProject = (id: string, opts: { enabled?: boolean } = {}) => useQuery({ ...projectQueryOptions(id), ...opts });
