import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListQuery } from '../../../../contract/projects.js';
import { callOperation } from '../../../lib/operations.js';
import { projectKeys } from './keys.js';

export const getProjects = (q: ProjectListQuery, signal?: AbortSignal) =>
  callOperation(
    'listProjects',
    {},
    {
      // the query type is the schema's input (it also parses a URL's strings): here, numbers and text
      query: {
        page: Number(q.page ?? 1),
        pageSize: Number(q.pageSize ?? 20),
        status: q.status as number[] | undefined,
        search: q.search,
        sort: q.sort,
      },
      signal,
    },
  );

export const projectsQueryOptions = (q: ProjectListQuery) =>
  queryOptions({ queryKey: projectKeys.list(q), queryFn: ({ signal }) => getProjects(q, signal), placeholderData: keepPreviousData });

export const useProjects = (q: ProjectListQuery) => useQuery(projectsQueryOptions(q));
