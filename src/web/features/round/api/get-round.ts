import { queryOptions, useQuery } from '@tanstack/react-query';
import { RoundSchema } from '../../../../contract/round.js';
import { apiCall } from '../../../lib/api-client.js';

export const roundKeys = { all: ['round'] as const };

/** The monthly round, read afresh whenever the page is shown: it resumes from what the partner says. */
export const roundQueryOptions = () =>
  queryOptions({
    queryKey: roundKeys.all,
    queryFn: ({ signal }) => apiCall('GET', '/api/round', RoundSchema, { signal }),
    staleTime: 0,
  });

export const useRound = (enabled = true) => useQuery({ ...roundQueryOptions(), enabled });
