import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClaimListSchema, type ClaimListQuery } from '../../../../contract/claims.js';
import { isClaimOpen } from '../../../../contract/lifecycle.js';
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

/** A project's claims and the one still active, if any (spec: one active claim per project). */
export function useActiveClaim(projectId: string) {
  const claims = useClaims({ projectId, pageSize: 100 });
  const active = claims.data?.items.find((c) => isClaimOpen(c.status)) ?? null;
  return { claims, active };
}
