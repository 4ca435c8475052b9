import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getProject = (id: string, signal?: AbortSignal) => callOperation('getProject', { id }, { signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export const useProject = (id: string, opts: { enabled?: boolean } = {}) => useQuery({ ...projectQueryOptions(id), ...opts });
