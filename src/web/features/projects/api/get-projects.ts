import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListQuery } from '../../../../contract/projects.js';
import { callOperation, listPage } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getProjects = (q: ProjectListQuery, signal?: AbortSignal) =>
  callOperation('listProjects', {}, { query: { ...listPage(q), search: q.search, sort: q.sort }, signal });

export const projectsQueryOptions = (q: ProjectListQuery) =>
  queryOptions({ queryKey: projectKeys.list(q), queryFn: ({ signal }) => getProjects(q, signal), placeholderData: keepPreviousData });

export const useProjects = (q: ProjectListQuery) => useQuery(projectsQueryOptions(q));
