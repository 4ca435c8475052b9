import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClaimListSchema, type ClaimListQuery } from '../../../../contract/claims.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

export function claimsPath(q: ClaimListQuery): string {
  const p = new URLSearchParams({ page: String(q.page ?? 1), pageSize: String(q.pageSize ?? 20) });
  for (const s of (q.status as number[] | undefined) ?? []) p.append('status', String(s));
  if (q.projectId) p.set('projectId', q.projectId);
  return `/api/v1/claims?${p.toString()}`;
}

export const claimsQueryOptions = (q: ClaimListQuery) =>
  queryOptions({ queryKey: claimKeys.list(q), queryFn: ({ signal }) => apiCall('GET', claimsPath(q), ClaimListSchema, { signal }) });

export const useClaims = (q: ClaimListQuery) => useQuery(claimsQueryOptions(q));
