import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ClaimRowsSchema, LIST_PATHS, type ClaimRowsQuery } from '../../../../contract/lists.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

/** The query string of a list (a repeated status as ?status=a&status=b; what is unset left out). */
export function listSearch(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    for (const x of Array.isArray(v) ? (v as unknown[]) : [v]) p.append(k, String(x));
  }
  return p.toString();
}

export const getClaimRows = (q: ClaimRowsQuery, signal?: AbortSignal) =>
  apiCall('GET', `${LIST_PATHS.claims}?${listSearch(q)}`, ClaimRowsSchema, { signal });

/** The claims list from the server's read model (tenant search, sort, page, who looks after each). */
export const claimRowsQueryOptions = (q: ClaimRowsQuery) =>
  queryOptions({ queryKey: claimKeys.rows(q), queryFn: ({ signal }) => getClaimRows(q, signal), placeholderData: keepPreviousData });

export const useClaimRows = (q: ClaimRowsQuery) => useQuery(claimRowsQueryOptions(q));
