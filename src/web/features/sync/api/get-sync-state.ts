import { queryOptions, useQuery } from '@tanstack/react-query';
import { SyncStateSchema } from '../../../../contract/sync.js';
import { apiCall } from '../../../lib/api-client.js';

export const syncKeys = {
  all: ['sync'] as const,
  state: () => [...syncKeys.all, 'state'] as const,
};

export const getSyncState = (signal?: AbortSignal) => apiCall('GET', '/api/sync/state', SyncStateSchema, { signal });

/** Managers only; read again every 15 s while shown (an initial sync or a pass moves on). */
export const syncStateQueryOptions = () =>
  queryOptions({ queryKey: syncKeys.state(), queryFn: ({ signal }) => getSyncState(signal), refetchInterval: 15_000 });

export const useSyncState = (enabled = true) => useQuery({ ...syncStateQueryOptions(), enabled });
