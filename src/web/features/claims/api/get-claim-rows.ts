import { useQuery } from '@tanstack/react-query';
import type { ClaimRowsQuery } from '../../../../contract/list-queries.js';
import { ClaimRowsSchema, LIST_PATHS } from '../../../../contract/lists.js';
import { readModelPageOptions } from '../../../lib/read-model.js';
import { claimKeys } from './keys.js';

/** The claims list from the server's read model (tenant search, sort, page, who looks after each). */
export const claimRowsQueryOptions = (q: ClaimRowsQuery) => readModelPageOptions(claimKeys.rows(q), LIST_PATHS.claims, ClaimRowsSchema, q);

export const useClaimRows = (q: ClaimRowsQuery) => useQuery(claimRowsQueryOptions(q));
