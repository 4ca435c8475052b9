import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AuditHistorySchema } from '../../../../contract/audit.js';
import { apiCall } from '../../../lib/api-client.js';
import { auditKeys } from './keys.js';

export type HistoryOf = { projectId: string } | { claimId: string };

export const getHistory = (on: HistoryOf, signal?: AbortSignal) =>
  apiCall('GET', `/api/audit/history?${new URLSearchParams(on).toString()}`, AuditHistorySchema, { signal });

export const historyQueryOptions = (on: HistoryOf) =>
  queryOptions({ queryKey: auditKeys.history(on), queryFn: ({ signal }) => getHistory(on, signal) });

/**
 * A project's or claim's own history, newest first. Any write this tab makes is a line of it: a
 * successful mutation (whichever feature made it) marks the trail's reads stale.
 */
export function useHistory(on: HistoryOf) {
  const qc = useQueryClient();
  useEffect(
    () =>
      qc.getMutationCache().subscribe((e) => {
        if (e.type === 'updated' && e.action.type === 'success') void qc.invalidateQueries({ queryKey: auditKeys.all });
      }),
    [qc],
  );
  return useQuery(historyQueryOptions(on));
}
