import { queryOptions, useQuery } from '@tanstack/react-query';
import { InboxSchema } from '../../../../contract/inbox.js';
import { apiCall } from '../../../lib/api-client.js';

/** One key for the inbox: every partner event and every change made here refreshes it. */
export const inboxKeys = { all: () => ['inbox'] as const };

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.all(),
    queryFn: ({ signal }) => apiCall('GET', '/api/inbox', InboxSchema, { signal }),
    staleTime: 10_000,
  });

export const useInbox = (enabled = true) => useQuery({ ...inboxQueryOptions(), enabled });
