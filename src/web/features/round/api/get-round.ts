import { queryOptions, useQuery } from '@tanstack/react-query';
import { RoundSchema, RoundSummarySchema } from '../../../../contract/round.js';
import { apiCall } from '../../../lib/api-client.js';
import { roundSummaryKey } from '../../../lib/query-keys.js';

export const roundKeys = { all: ['round'] as const, summary: roundSummaryKey };

/** The monthly round, read afresh whenever the page is shown: it resumes from what the partner says. */
export const roundQueryOptions = () =>
  queryOptions({
    queryKey: roundKeys.all,
    queryFn: ({ signal }) => apiCall('GET', '/api/round', RoundSchema, { signal }),
    staleTime: 0,
  });

/** The page's read: its route's loader reads the round afresh each time the page is shown (app/router.tsx), so mounting does not read it again. */
export const useRound = (enabled = true) => useQuery({ ...roundQueryOptions(), enabled, refetchOnMount: false });

/** The round's counts for the menu's badge: what the round lists, by the same rule (a claim's or a month's event refreshes it). */
export const roundSummaryQueryOptions = () =>
  queryOptions({
    queryKey: roundKeys.summary,
    queryFn: ({ signal }) => apiCall('GET', '/api/round/summary', RoundSummarySchema, { signal }),
    staleTime: 10_000,
  });

export const useRoundSummary = (enabled = true) => useQuery({ ...roundSummaryQueryOptions(), enabled });
