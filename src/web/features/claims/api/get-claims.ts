import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimListQuery } from '../../../../contract/claims.js';
import { isClaimOpen } from '../../../../contract/lifecycle.js';
import { callOperation, listPage } from '../../../lib/operations.js';
import { claimKeys } from './keys.js';

export const claimsQueryOptions = (q: ClaimListQuery) =>
  queryOptions({
    queryKey: claimKeys.list(q),
    queryFn: ({ signal }) => callOperation('listClaims', {}, { query: { ...listPage(q), projectId: q.projectId }, signal }),
  });

export const useClaims = (q: ClaimListQuery) => useQuery(claimsQueryOptions(q));

/** A project's claims and the one still active, if any (spec: one active claim per project). */
export function useActiveClaim(projectId: string) {
  const claims = useClaims({ projectId, pageSize: 100 });
  const active = claims.data?.items.find((c) => isClaimOpen(c.status)) ?? null;
  return { claims, active };
}
