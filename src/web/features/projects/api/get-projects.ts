import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectListSchema, type ProjectListQuery } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';
import { projectKeys } from './keys.js';

export function projectsPath(q: ProjectListQuery): string {
  const p = new URLSearchParams();
  p.set('page', String(q.page ?? 1));
  p.set('pageSize', String(q.pageSize ?? 20));
  for (const s of (q.status as number[] | undefined) ?? []) p.append('status', String(s));
  if (q.search) p.set('search', q.search);
  if (q.sort) p.set('sort', q.sort);
  return `/api/v3/projects?${p.toString()}`;
}

export const getProjects = (q: ProjectListQuery, signal?: AbortSignal) => apiCall('GET', projectsPath(q), ProjectListSchema, { signal });

export const projectsQueryOptions = (q: ProjectListQuery) =>
  queryOptions({ queryKey: projectKeys.list(q), queryFn: ({ signal }) => getProjects(q, signal), placeholderData: keepPreviousData });

export const useProjects = (q: ProjectListQuery) => useQuery(projectsQueryOptions(q));
