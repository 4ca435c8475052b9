import { queryOptions, useQuery } from '@tanstack/react-query';
import { GlobalSearchSchema } from '../../../../contract/global-search.js';
import { apiCall } from '../../../lib/api-client.js';
import { searchKeys } from './keys.js';

export const globalSearch = (q: string, signal?: AbortSignal) =>
  apiCall('GET', `/api/search?${new URLSearchParams({ q }).toString()}`, GlobalSearchSchema, { signal });

/** A search typed in the palette: a newer one cancels the call of the one it replaces (the query's signal). */
export const globalSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: searchKeys.query(q), queryFn: ({ signal }) => globalSearch(q, signal), staleTime: 15_000 });

export const useGlobalSearch = (q: string) => useQuery({ ...globalSearchQueryOptions(q), enabled: q !== '' });
