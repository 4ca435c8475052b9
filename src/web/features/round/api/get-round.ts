import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimView } from '../../../../contract/assignments.js';
import { RoundSchema, RoundSummarySchema } from '../../../../contract/round.js';
import { apiCall } from '../../../lib/api-client.js';
import { roundSummaryKey } from '../../../lib/query-keys.js';

export const roundKeys = { all: ['round'] as const, summary: roundSummaryKey };

/** `mine`: the claims the reader opened or looks after (an intermediary's default); else every claim. */
const viewed = (path: string, view: ClaimView) => (view === 'mine' ? `${path}?view=mine` : path);

/** The monthly round, read afresh whenever the page is shown: it resumes from what the partner says. */
export const roundQueryOptions = (view: ClaimView = 'all') =>
  queryOptions({
    queryKey: view === 'mine' ? [...roundKeys.all, 'mine'] : roundKeys.all,
    queryFn: ({ signal }) => apiCall('GET', viewed('/api/round', view), RoundSchema, { signal }),
    staleTime: 0,
  });

/** The page's read: its route's loader reads the round afresh each time the page is shown (app/router.tsx), so mounting does not read it again. */
export const useRound = (view: ClaimView = 'all', enabled = true) =>
  useQuery({ ...roundQueryOptions(view), enabled, refetchOnMount: false });

/** The round's counts for the menu's badge: what the round lists, by the same rule (a claim's or a month's event refreshes it). */
export const roundSummaryQueryOptions = (view: ClaimView = 'all') =>
  queryOptions({
    queryKey: view === 'mine' ? [...roundKeys.summary, 'mine'] : roundKeys.summary,
    queryFn: ({ signal }) => apiCall('GET', viewed('/api/round/summary', view), RoundSummarySchema, { signal }),
    staleTime: 10_000,
  });

export const useRoundSummary = (view: ClaimView = 'all', enabled = true) => useQuery({ ...roundSummaryQueryOptions(view), enabled });
