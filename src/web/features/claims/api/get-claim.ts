import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClaimSchema, type Claim } from '../../../../contract/claims.js';
import { apiCall } from '../../../lib/api-client.js';
import { claimKeys } from './keys.js';

/** One claim, from the server's read model (the spec has no "get a claim": the server answers it). */
export const getClaim = (id: string, signal?: AbortSignal): Promise<Claim> =>
  apiCall('GET', `/api/claims/${encodeURIComponent(id)}`, ClaimSchema, { signal });

export const claimQueryOptions = (id: string) =>
  queryOptions({ queryKey: claimKeys.claim(id), queryFn: ({ signal }) => getClaim(id, signal) });

export const useClaim = (id: string) => useQuery(claimQueryOptions(id));
