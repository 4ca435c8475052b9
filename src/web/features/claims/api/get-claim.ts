import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '../../../../contract/claims.js';
import { ApiError } from '../../../lib/api-error.js';
import { callOperation } from '../../../lib/operations.js';
import { claimKeys } from './keys.js';

/**
 * The spec has no "get a claim" operation: the claim is found in the claims list, page by page.
 * (Fine at an agency's scale; a server-side index would be the next step for very large lists.)
 */
export async function getClaim(id: string, signal?: AbortSignal): Promise<Claim> {
  for (let page = 1; page <= 1000; page++) {
    const list = await callOperation('listClaims', {}, { query: { page, pageSize: 100 }, signal });
    const found = list.items.find((c) => c.id === id);
    if (found) return found;
    if (page * list.pageSize >= list.total) break;
  }
  throw new ApiError(404, 'E0177', null);
}

export const claimQueryOptions = (id: string) =>
  queryOptions({ queryKey: claimKeys.claim(id), queryFn: ({ signal }) => getClaim(id, signal) });

export const useClaim = (id: string) => useQuery(claimQueryOptions(id));
