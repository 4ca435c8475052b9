import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InboxSchema, type InboxQuery } from '../../../../contract/inbox.js';
import { apiCall } from '../../../lib/api-client.js';
import { refetchWhileSyncing } from '../../../lib/read-model.js';
import { inboxKeys } from '../../../lib/query-keys.js';

export function inboxPath(q: InboxQuery): string {
  const p = new URLSearchParams();
  for (const k of [q.kind ?? []].flat()) p.append('kind', k);
  if (q.tenant) p.set('tenant', q.tenant);
  if (q.sort) p.set('sort', q.sort);
  if (q.assignee) p.set('assignee', q.assignee);
  if (q.view) p.set('view', q.view);
  if (q.page) p.set('page', String(q.page));
  if (q.pageSize) p.set('pageSize', String(q.pageSize));
  const query = p.toString();
  return query ? `/api/inbox?${query}` : '/api/inbox';
}

export const inboxQueryOptions = (q: InboxQuery = {}) =>
  queryOptions({
    queryKey: inboxKeys.list(q),
    queryFn: ({ signal }) => apiCall('GET', inboxPath(q), InboxSchema, { signal }),
    staleTime: 10_000,
    refetchInterval: refetchWhileSyncing,
    // a new filter or page keeps the lines shown until its own arrive
    placeholderData: keepPreviousData,
  });

/** A page of the inbox; the unfiltered first page (the layout's badges) shares its cache with the home page's default view. */
export const useInbox = (q: InboxQuery = {}, enabled = true) => useQuery({ ...inboxQueryOptions(q), enabled });
