import type { ProjectRowsQuery } from '../../../../contract/list-queries.js';
import type { ProjectListQuery } from '../../../../contract/projects.js';
import { areaKey } from '../../../lib/query-keys.js';

/** Query keys: area → kind → params, so mutations invalidate by prefix. */
export const projectKeys = {
  all: areaKey('projects'),
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (q: ProjectListQuery) => [...projectKeys.lists(), q] as const,
  /** The list served from the read model (under lists(): an event refreshes it). */
  rows: (q: ProjectRowsQuery) => [...projectKeys.lists(), 'rows', q] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  documents: (id: string) => [...projectKeys.detail(id), 'documents'] as const,
  required: (id: string) => [...projectKeys.detail(id), 'required'] as const,
  payment: (id: string) => [...projectKeys.detail(id), 'payment'] as const,
};
