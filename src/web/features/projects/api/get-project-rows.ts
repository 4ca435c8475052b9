import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PATHS, ProjectRowsSchema, type ProjectRowsQuery } from '../../../../contract/lists.js';
import { apiCall } from '../../../lib/api-client.js';
import { listSearch } from '../../../lib/list-search.js';
import { refetchWhileSyncing } from '../../../lib/read-model.js';
import { projectKeys } from './keys.js';

export const getProjectRows = (q: ProjectRowsQuery, signal?: AbortSignal) =>
  apiCall('GET', `${LIST_PATHS.projects}?${listSearch(q)}`, ProjectRowsSchema, { signal });

/** The projects list from the server's read model (search by tenant, e-mail or reference; the open claim of each row). */
export const projectRowsQueryOptions = (q: ProjectRowsQuery) =>
  queryOptions({
    queryKey: projectKeys.rows(q),
    queryFn: ({ signal }) => getProjectRows(q, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileSyncing,
  });

export const useProjectRows = (q: ProjectRowsQuery) => useQuery(projectRowsQueryOptions(q));
