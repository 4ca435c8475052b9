import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ClaimFiguresSchema, type ClaimFiguresQuery } from '../../../../contract/stats.js';
import { apiCall } from '../../../lib/api-client.js';

export const claimFiguresKeys = { period: (q: ClaimFiguresQuery) => ['stats', 'claims', q] as const };

export function claimFiguresQueryString(q: ClaimFiguresQuery): string {
  const p = new URLSearchParams();
  if (q.from) p.set('from', q.from);
  if (q.to) p.set('to', q.to);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The claims' money over a period, summed by the dashboard server (every term of the sum). */
export const useClaimFigures = (q: ClaimFiguresQuery, enabled: boolean) =>
  useQuery({
    queryKey: claimFiguresKeys.period(q),
    queryFn: ({ signal }) => apiCall('GET', `/api/stats/claims${claimFiguresQueryString(q)}`, ClaimFiguresSchema, { signal }),
    enabled,
    refetchInterval: 60_000,
    // a new period keeps the figures shown until its own arrive
    placeholderData: keepPreviousData,
  });
