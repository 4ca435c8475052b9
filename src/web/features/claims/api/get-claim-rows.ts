import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ClaimRowsSchema, LIST_PATHS, type ClaimRowsQuery } from '../../../../contract/lists.js';
import { apiCall } from '../../../lib/api-client.js';
import { listSearch } from '../../../lib/list-search.js';
import { refetchWhileSyncing } from '../../../lib/read-model.js';
import { claimKeys } from './keys.js';

export const getClaimRows = (q: ClaimRowsQuery, signal?: AbortSignal) =>
  apiCall('GET', `${LIST_PATHS.claims}?${listSearch(q)}`, ClaimRowsSchema, { signal });

/** The claims list from the server's read model (tenant search, sort, page, who looks after each). */
export const claimRowsQueryOptions = (q: ClaimRowsQuery) =>
  queryOptions({
    queryKey: claimKeys.rows(q),
    queryFn: ({ signal }) => getClaimRows(q, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileSyncing,
  });

export const useClaimRows = (q: ClaimRowsQuery) => useQuery(claimRowsQueryOptions(q));
