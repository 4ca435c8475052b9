import { useQuery } from '@tanstack/react-query';
import type { ProjectRowsQuery } from '../../../../contract/list-queries.js';
import { LIST_PATHS, ProjectRowsSchema } from '../../../../contract/lists.js';
import { readModelPageOptions } from '../../../lib/read-model.js';
import { projectKeys } from './keys.js';

/** The projects list from the server's read model (search by tenant, e-mail or reference; the open claim of each row). */
export const projectRowsQueryOptions = (q: ProjectRowsQuery) =>
  readModelPageOptions(projectKeys.rows(q), LIST_PATHS.projects, ProjectRowsSchema, q);

export const useProjectRows = (q: ProjectRowsQuery) => useQuery(projectRowsQueryOptions(q));
